import TouchKit
import TouchScene

extension TouchPipeline {
    /// How a pipeline runs, decided before it is made and never changed after: whether the
    /// fingers already down are adopted, pen arbitration, whether media keys are read, where
    /// diagnostics go, its counters, its virtual devices and who hears what it does.
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
        /// Who hears each frame and hover after the window had them.
        public var observers = Observers()
        /// Names a panel's display when it is off now, whoever turned it off (live runs): an
        /// input on it then only wakes the kiosk.
        package var displayOff: ((Panel) -> String?)?
        /// Told each time the last contact down lifts (a reload waiting for the fingers).
        package var allLifted: (() -> Void)?

        /// The defaults: initial fingers ignored, pens arbitrated, no keys, no diagnostics.
        public init() {}
    }

    /// Who hears what the window had, in screen points at input time: for tools that draw or
    /// measure what happened (`picture`).
    public struct Observers {
        /// Each frame's touch updates.
        public var frame: (([TouchUpdate], Double) -> Void)?
        /// A pen's hover.
        public var hover: ((Application.HoverUpdate, Double) -> Void)?

        /// Hears `frame` and `hover` (none: nobody hears).
        public init(
            frame: (([TouchUpdate], Double) -> Void)? = nil, hover: ((Application.HoverUpdate, Double) -> Void)? = nil
        ) {
            self.frame = frame
            self.hover = hover
        }
    }
}
