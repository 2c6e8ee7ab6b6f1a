import CWaylandClient
import Glibc

/// One buffer of pixels shared with the compositor through an anonymous memory file; busy from
/// the commit that shows it until the compositor releases it.
final class ShmBuffer {
    let buffer: OpaquePointer
    let pixels: UnsafeMutableRawPointer
    let width: Int
    let height: Int
    let stride: Int
    private let size: Int
    var busy = false

    /// A buffer of `width`×`height` pixels, ARGB (alpha honoured), from `shm`.
    init(shm: OpaquePointer, width: Int, height: Int) throws(DrawingError) {
        stride = width * 4
        size = stride * height
        let fd = touchbridge_memfd("touchbridge-marks")
        guard fd >= 0 else { throw DrawingError("no memory file for the picture (errno \(errno))") }
        defer { Glibc.close(fd) }
        guard ftruncate(fd, off_t(size)) == 0,
            let map = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0), map != MAP_FAILED
        else { throw DrawingError("no memory for a \(width)x\(height) picture (errno \(errno))") }
        guard let pool = wl_shm_create_pool(shm, fd, Int32(size)),
            let b = wl_shm_pool_create_buffer(
                pool, 0, Int32(width), Int32(height), Int32(stride), WL_SHM_FORMAT_ARGB8888.rawValue)
        else {
            munmap(map, size)
            throw DrawingError("the compositor's shared memory refused a buffer")
        }
        wl_shm_pool_destroy(pool)
        buffer = b
        pixels = map
        self.width = width
        self.height = height
        wl_buffer_add_listener(b, bufferListener, Unmanaged.passUnretained(self).toOpaque())
    }

    deinit {
        wl_buffer_destroy(buffer)
        munmap(pixels, size)
    }
}

/// libwayland keeps the listener's address: one, for the program's life.
nonisolated(unsafe) private let bufferListener = Listener.make(
    wl_buffer_listener(release: { data, _ in
        guard let data else { return }
        Unmanaged<ShmBuffer>.fromOpaque(data).takeUnretainedValue().busy = false
    }))
