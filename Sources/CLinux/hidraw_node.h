#ifndef TOUCHBRIDGE_CLINUX_HIDRAW_NODE_H
#define TOUCHBRIDGE_CLINUX_HIDRAW_NODE_H
/*
 * What a hidraw node says of its HID device: its report descriptor, bus and ids, name and
 * physical path, through the kernel's hidraw ioctls (their request numbers are macros Swift
 * cannot import, so each is wrapped here).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/hidraw.h>

/* The largest report descriptor the kernel hands out (HID_MAX_DESCRIPTOR_SIZE). */
#define TOUCHBRIDGE_HID_MAX_DESCRIPTOR_SIZE HID_MAX_DESCRIPTOR_SIZE

/* Copies the report descriptor into `out` (at least TOUCHBRIDGE_HID_MAX_DESCRIPTOR_SIZE bytes);
 * its size, or -1 with errno set. */
static inline int touchbridge_hidraw_descriptor(int fd, uint8_t *out) {
    int size = 0;
    if (ioctl(fd, HIDIOCGRDESCSIZE, &size) < 0) return -1;
    if (size < 0 || size > HID_MAX_DESCRIPTOR_SIZE) {
        errno = EOVERFLOW;
        return -1;
    }
    struct hidraw_report_descriptor d;
    memset(&d, 0, sizeof d);
    d.size = (uint32_t)size;
    if (ioctl(fd, HIDIOCGRDESC, &d) < 0) return -1;
    memcpy(out, d.value, (size_t)size);
    return size;
}

/* The device's bus type, vendor and product; 0, or -1 with errno set. */
static inline int touchbridge_hidraw_info(int fd, uint32_t *bus, uint16_t *vendor, uint16_t *product) {
    struct hidraw_devinfo info;
    if (ioctl(fd, HIDIOCGRAWINFO, &info) < 0) return -1;
    *bus = info.bustype;
    *vendor = (uint16_t)info.vendor;
    *product = (uint16_t)info.product;
    return 0;
}

/* The device's name (physical = 0) or physical path (physical = 1) into `buf` of `len` bytes,
 * NUL-terminated; its length, or -1 with errno set. */
static inline int touchbridge_hidraw_string(int fd, int physical, char *buf, int len) {
    if (len <= 0) return -1;
    memset(buf, 0, (size_t)len);
    int n = ioctl(fd, physical ? HIDIOCGRAWPHYS(len - 1) : HIDIOCGRAWNAME(len - 1), buf);
    if (n < 0) return -1;
    buf[len - 1] = 0;
    return (int)strlen(buf);
}

/* Feature report `number` as the device answers it now, into `buf` of `len` bytes (the number
 * first); its length, or -1 with errno set. */
static inline int touchbridge_hidraw_feature(int fd, uint8_t number, uint8_t *buf, int len) {
    if (len <= 1) return -1;
    memset(buf, 0, (size_t)len);
    buf[0] = number;
    return ioctl(fd, HIDIOCGFEATURE(len), buf);
}

#endif
