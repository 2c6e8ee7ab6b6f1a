import CLoop
import Glibc

/// A spawn file action glibc declares only for GNU programs: close every descriptor from
/// `lowest` on in the child, so a program the daemon starts inherits nothing but what the
/// earlier actions gave it (standard input, output and error).
public func addCloseFrom(_ lowest: Int32, to actions: inout posix_spawn_file_actions_t) -> Int32 {
    posix_spawn_file_actions_addclosefrom_np(&actions, lowest)
}
