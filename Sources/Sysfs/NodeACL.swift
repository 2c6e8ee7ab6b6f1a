import CLinux
import Glibc

/// A device node's POSIX ACL as the kernel stores it (`system.posix_acl_access`): the entries
/// udev's `uaccess` and touchbridge's rule add, which the mode bits do not show.
public enum NodeACL {
    /// The attribute's bytes, nil when the node has no ACL or cannot be looked at.
    public static func bytes(of path: String) -> [UInt8]? {
        var buf = [UInt8](repeating: 0, count: 1024)
        let n = getxattr(path, "system.posix_acl_access", &buf, buf.count)
        return n > 0 ? Array(buf.prefix(n)) : nil
    }
}
