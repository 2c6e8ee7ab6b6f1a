import TouchScene

extension TouchPipeline {
    /// How a pipeline runs, decided before it is made and never changed after: whether the
    /// fingers already down are adopted, pen arbitration, whether media keys are read, where
    /// diagnostics go, its counters and its virtual devices.
    public struct Configuration {
        /// Send the fingers already on the glass when a device is opened to the window.
        public var adoptInitialTouches = false
        /// Pen and touch arbitration (libinput's).
        public var penArbitration = true
        /// Whether media keys become remote-control events.
        public var readsRemoteKeys = false
        /// Diagnostics (stderr in the daemon).
        public var warn: (String) -> Void = { _ in }
        /// Counters for `--metrics-file`.
        package var metrics: Metrics?
        /// The panels' virtual devices (`--virtual-touchscreen`, `--virtual-pointer`).
        package var virtualDevices: [any PanelForwarding] = []

        /// The defaults: initial fingers ignored, pens arbitrated, no keys, no diagnostics.
        public init() {}
    }
}
