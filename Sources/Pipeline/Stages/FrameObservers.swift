import TouchKit

/// Who hears each frame after the window had it: the counters for `--metrics-file`, and the
/// tools that draw or measure what happened (`picture`), in screen points.
package struct FrameObservers {
    /// Counters for `--metrics-file`; nil (the default) costs one check per frame.
    package let metrics: Metrics?
    /// Each frame's touch updates, at their input time.
    package let frame: (([TouchUpdate], Double) -> Void)?
    /// A pen's hover as the window had it.
    package let hover: ((Application.HoverUpdate, Double) -> Void)?

    init(_ configuration: TouchPipeline.Configuration) {
        metrics = configuration.metrics
        frame = configuration.observers.frame
        hover = configuration.observers.hover
    }
}
