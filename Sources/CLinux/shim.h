#ifndef TOUCHBRIDGE_CLINUX_SHIM_H
#define TOUCHBRIDGE_CLINUX_SHIM_H
/* The kernel's device structures Glibc's Swift module does not export: a uinput call and a
   node's extended attributes (its ACL) here, the DRM connector's property in drm_property.h.
   Evdev alone imports them; the event loop's descriptors are CLoop's. */
#include <sys/ioctl.h>
#include <sys/xattr.h>
#include <linux/uinput.h>

/* A uinput device's phys (UI_SET_PHYS), which libevdev's uinput creation does not pass on. */
static inline int touchbridge_uinput_set_phys(int fd, const char *phys) { return ioctl(fd, UI_SET_PHYS, phys); }
#endif
