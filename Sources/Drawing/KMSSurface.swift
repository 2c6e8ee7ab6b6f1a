import CDrm
import Glibc
import Marks

/// Marks straight on a display no compositor holds: a dumb buffer scanned out on the
/// connector's CRTC in its preferred mode, taken as DRM master and given back, with the
/// CRTC's former picture (the console's), when closed.
package final class KMSSurface: DrawingSurface {
    package var fd: Int32? { nil }
    private let card: String
    private let connectorID: UInt32
    private let crtcID: UInt32
    private var mode: drmModeModeInfo
    private let saved: UnsafeMutablePointer<drmModeCrtc>?
    private var handle: UInt32 = 0
    private var framebuffer: UInt32 = 0
    private var pixels: UnsafeMutableRawPointer?
    private var size = 0
    private var pitch = 0
    private let target: DrawingTarget
    package private(set) var isClosed = false
    package let description: String

    /// Takes `connector` of `card` (`/dev/dri/card0`, `HDMI-A-1`); throws when the card cannot
    /// be opened, another program is its master, or the connector has no display.
    package init(card: String, connector: String, target: DrawingTarget) throws(DrawingError) {
        let cardFD = open(card, O_RDWR | O_CLOEXEC)
        guard cardFD >= 0 else {
            let e = errno
            throw DrawingError(
                e == EACCES
                    ? "\(card) is not writable: run as root or in the video group"
                    : "\(card) does not open (errno \(e))")
        }
        // The first opener of a card with no master becomes it; else only root can take it, and
        // only from no one.
        if drmIsMaster(cardFD) == 0 && drmSetMaster(cardFD) != 0 {
            Glibc.close(cardFD)
            throw DrawingError("another program holds \(card) (a compositor or a console server is DRM master)")
        }
        self.card = card
        self.target = target
        do throws(DrawingError) {
            (connectorID, crtcID, mode) = try Self.route(cardFD, connector: connector, card: card)
        } catch {
            drmDropMaster(cardFD)
            Glibc.close(cardFD)
            throw error
        }
        saved = drmModeGetCrtc(cardFD, crtcID)
        self.cardFD = cardFD
        description = "\(connector) itself (KMS, \(card))"
        do throws(DrawingError) { try allocate() } catch {
            close()
            throw error
        }
    }

    private let cardFD: Int32

    /// The connector's id, the CRTC that drives it (the one it is on, else the first its encoder can use) and its preferred mode.
    static func route(_ fd: Int32, connector name: String, card: String) throws(DrawingError) -> (
        UInt32, UInt32, drmModeModeInfo
    ) {
        guard let res = drmModeGetResources(fd) else { throw DrawingError("\(card) has no KMS resources") }
        defer { drmModeFreeResources(res) }
        for i in 0..<Int(max(0, res.pointee.count_connectors)) {
            guard let c = drmModeGetConnector(fd, res.pointee.connectors[i]) else { continue }
            defer { drmModeFreeConnector(c) }
            let type = drmModeGetConnectorTypeName(c.pointee.connector_type).map { String(cString: $0) } ?? "Unknown"
            guard "\(type)-\(c.pointee.connector_type_id)" == name else { continue }
            guard c.pointee.connection == DRM_MODE_CONNECTED, c.pointee.count_modes > 0 else {
                throw DrawingError("\(name) has no display connected")
            }
            var mode = c.pointee.modes[0]
            for m in 0..<Int(c.pointee.count_modes) where c.pointee.modes[m].type & UInt32(DRM_MODE_TYPE_PREFERRED) != 0
            {
                mode = c.pointee.modes[m]
                break
            }
            guard let crtc = crtc(fd, connector: c, resources: res) else {
                throw DrawingError("\(name) has no CRTC free to drive it")
            }
            return (c.pointee.connector_id, crtc, mode)
        }
        throw DrawingError("\(card) has no connector \(name)")
    }

    private static func crtc(
        _ fd: Int32, connector c: UnsafeMutablePointer<drmModeConnector>,
        resources res: UnsafeMutablePointer<drmModeRes>
    ) -> UInt32? {
        if c.pointee.encoder_id != 0, let e = drmModeGetEncoder(fd, c.pointee.encoder_id) {
            defer { drmModeFreeEncoder(e) }
            if e.pointee.crtc_id != 0 { return e.pointee.crtc_id }
        }
        for i in 0..<Int(max(0, c.pointee.count_encoders)) {
            guard let e = drmModeGetEncoder(fd, c.pointee.encoders[i]) else { continue }
            defer { drmModeFreeEncoder(e) }
            for k in 0..<Int(max(0, res.pointee.count_crtcs)) where e.pointee.possible_crtcs & (1 << UInt32(k)) != 0 {
                return res.pointee.crtcs[k]
            }
        }
        return nil
    }

    /// A dumb buffer of the mode's size, mapped, scanned out on the CRTC.
    private func allocate() throws(DrawingError) {
        let w = UInt32(mode.hdisplay)
        let h = UInt32(mode.vdisplay)
        var p: UInt32 = 0
        var s: UInt64 = 0
        guard drmModeCreateDumbBuffer(cardFD, w, h, 32, 0, &handle, &p, &s) == 0 else {
            throw DrawingError("\(card): no buffer for \(w)x\(h) (errno \(errno))")
        }
        pitch = Int(p)
        size = Int(s)
        guard drmModeAddFB(cardFD, w, h, 24, 32, p, handle, &framebuffer) == 0 else {
            throw DrawingError("\(card): the buffer is refused as a framebuffer (errno \(errno))")
        }
        var offset: UInt64 = 0
        guard drmModeMapDumbBuffer(cardFD, handle, &offset) == 0,
            let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, cardFD, off_t(offset)), map != MAP_FAILED
        else { throw DrawingError("\(card): the buffer does not map (errno \(errno))") }
        pixels = map
        memset(map, 0, size)
        var connector = connectorID
        guard drmModeSetCrtc(cardFD, crtcID, framebuffer, 0, 0, &connector, 1, &mode) == 0 else {
            throw DrawingError("\(card): the display refused the picture (errno \(errno))")
        }
    }

    package func show(_ scene: MarkScene) {
        guard let pixels, !isClosed else { return }
        let geometry = SurfaceGeometry(
            screenWidth: target.screenWidth, screenHeight: target.screenHeight, turn: target.turn,
            surfaceWidth: Double(mode.hdisplay), surfaceHeight: Double(mode.vdisplay), scanOut: true)
        Painter(geometry: geometry, backdrop: .opaque).paint(
            scene, into: pixels, width: Int(mode.hdisplay), height: Int(mode.vdisplay), stride: pitch)
        // A dumb buffer is scanned out as written; the dirty call tells drivers that copy it (virtio, USB displays).
        drmModeDirtyFB(cardFD, framebuffer, nil, 0)
    }

    package func willWait() {}
    package func didWait(readable: Bool) {}

    package func close() {
        guard !isClosed else { return }
        isClosed = true
        if let saved {
            var connector = connectorID
            var m = saved.pointee.mode
            if saved.pointee.mode_valid != 0 {
                drmModeSetCrtc(
                    cardFD, saved.pointee.crtc_id, saved.pointee.buffer_id, saved.pointee.x, saved.pointee.y,
                    &connector, 1, &m)
            } else {
                drmModeSetCrtc(cardFD, crtcID, 0, 0, 0, nil, 0, nil)
            }
            drmModeFreeCrtc(saved)
        }
        if let pixels { munmap(pixels, size) }
        pixels = nil
        if framebuffer != 0 { drmModeRmFB(cardFD, framebuffer) }
        if handle != 0 { drmModeDestroyDumbBuffer(cardFD, handle) }
        drmDropMaster(cardFD)
        Glibc.close(cardFD)
    }

    deinit { close() }
}
