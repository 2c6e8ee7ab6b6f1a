#ifndef TOUCHBRIDGE_CWAYLANDCLIENT_SHIM_H
#define TOUCHBRIDGE_CWAYLANDCLIENT_SHIM_H
/* The Wayland client library, and the anonymous memory file a client's buffers are shared with
   the compositor through (memfd_create, which Glibc's Swift module does not declare). Drawing
   alone imports it. */
#include <wayland-client.h>
#include <linux/memfd.h>
#include <sys/syscall.h>
#include <unistd.h>

static inline int touchbridge_memfd(const char *name)
{
    return (int)syscall(SYS_memfd_create, name, MFD_CLOEXEC);
}
#endif
