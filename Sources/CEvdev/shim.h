#ifndef TOUCHBRIDGE_CEVDEV_SHIM_H
#define TOUCHBRIDGE_CEVDEV_SHIM_H
#include <libevdev/libevdev.h>
#include <libevdev/libevdev-uinput.h>
#include <stdarg.h>
#include <stdio.h>

/* Where a device's libevdev messages go, one formatted line at a time. */
typedef void (*touchbridge_evdev_log_sink)(const char *message);

/* libevdev's device log callback, formatted here: its va_list is a struct on aarch64, which a
   Swift closure's C function pointer cannot carry (the compilers crash lowering one). Swift
   never sees this function; it registers it through touchbridge_evdev_set_log. */
__attribute__((availability(swift, unavailable)))
static inline void touchbridge_evdev_log(const struct libevdev *dev, enum libevdev_log_priority priority,
                                         void *data, const char *file, int line, const char *func,
                                         const char *format, va_list args) {
    (void)dev; (void)priority; (void)file; (void)line; (void)func;
    char message[512];
    if (data == NULL || format == NULL) return;
    vsnprintf(message, sizeof message, format, args);
    ((touchbridge_evdev_log_sink)data)(message);
}

/* Sends the device's messages of priority `info` and above to `sink`. */
static inline void touchbridge_evdev_set_log(struct libevdev *dev, touchbridge_evdev_log_sink sink) {
    libevdev_set_device_log_function(dev, touchbridge_evdev_log, LIBEVDEV_LOG_INFO, (void *)sink);
}
#endif
