#ifndef TOUCHBRIDGE_CLINUX_UHID_DEVICE_H
#define TOUCHBRIDGE_CLINUX_UHID_DEVICE_H
/*
 * A HID device made in user space through /dev/uhid (include/uapi/linux/uhid.h): created with
 * its report descriptor, bus and ids so the kernel's own driver takes it, fed input reports,
 * and answering the driver's GET_REPORT and SET_REPORT. Each request is one packed struct
 * uhid_event written or read whole.
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>
#include <linux/uhid.h>

#define TOUCHBRIDGE_UHID_DATA_MAX UHID_DATA_MAX

static inline int touchbridge_uhid_write(int fd, const struct uhid_event *ev) {
    ssize_t n = write(fd, ev, sizeof *ev);
    if (n < 0) return -1;
    if ((size_t)n != sizeof *ev) {
        errno = EFAULT;
        return -1;
    }
    return 0;
}

/* UHID_CREATE2; 0, or -1 with errno set (EINVAL for a descriptor too large). */
static inline int touchbridge_uhid_create(int fd, const char *name, const char *phys, const uint8_t *rd,
                                          uint16_t rd_size, uint16_t bus, uint32_t vendor, uint32_t product) {
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    if (rd_size > HID_MAX_DESCRIPTOR_SIZE) {
        errno = EINVAL;
        return -1;
    }
    ev.type = UHID_CREATE2;
    strncpy((char *)ev.u.create2.name, name, sizeof ev.u.create2.name - 1);
    strncpy((char *)ev.u.create2.phys, phys, sizeof ev.u.create2.phys - 1);
    memcpy(ev.u.create2.rd_data, rd, rd_size);
    ev.u.create2.rd_size = rd_size;
    ev.u.create2.bus = bus;
    ev.u.create2.vendor = vendor;
    ev.u.create2.product = product;
    return touchbridge_uhid_write(fd, &ev);
}

/* UHID_INPUT2: one input report. */
static inline int touchbridge_uhid_input(int fd, const uint8_t *data, uint16_t size) {
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    if (size > UHID_DATA_MAX) {
        errno = EINVAL;
        return -1;
    }
    ev.type = UHID_INPUT2;
    ev.u.input2.size = size;
    memcpy(ev.u.input2.data, data, size);
    return touchbridge_uhid_write(fd, &ev);
}

/* UHID_DESTROY. */
static inline int touchbridge_uhid_destroy(int fd) {
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = UHID_DESTROY;
    return touchbridge_uhid_write(fd, &ev);
}

/* One event from the kernel: its type (UHID_START, UHID_OPEN, UHID_GET_REPORT…), and for a
 * GET_REPORT or SET_REPORT its request id, report number and type, and a SET_REPORT's data
 * (at most UHID_DATA_MAX bytes into `data`, its size in *size). 0, or -1 with errno set. */
static inline int touchbridge_uhid_read(int fd, uint32_t *type, uint32_t *id, uint8_t *rnum, uint8_t *rtype,
                                        uint8_t *data, uint16_t *size) {
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    ssize_t n = read(fd, &ev, sizeof ev);
    if (n < 0) return -1;
    *type = ev.type;
    *id = 0;
    *size = 0;
    if (ev.type == UHID_GET_REPORT) {
        *id = ev.u.get_report.id;
        *rnum = ev.u.get_report.rnum;
        *rtype = ev.u.get_report.rtype;
    } else if (ev.type == UHID_SET_REPORT) {
        *id = ev.u.set_report.id;
        *rnum = ev.u.set_report.rnum;
        *rtype = ev.u.set_report.rtype;
        uint16_t s = ev.u.set_report.size > UHID_DATA_MAX ? UHID_DATA_MAX : ev.u.set_report.size;
        memcpy(data, ev.u.set_report.data, s);
        *size = s;
    }
    return 0;
}

/* The answer to GET_REPORT `id`: `data` (with its report number first), or `err` (an errno). */
static inline int touchbridge_uhid_get_report_reply(int fd, uint32_t id, uint16_t err, const uint8_t *data,
                                                    uint16_t size) {
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    if (size > UHID_DATA_MAX) size = UHID_DATA_MAX;
    ev.type = UHID_GET_REPORT_REPLY;
    ev.u.get_report_reply.id = id;
    ev.u.get_report_reply.err = err;
    ev.u.get_report_reply.size = err ? 0 : size;
    if (!err) memcpy(ev.u.get_report_reply.data, data, size);
    return touchbridge_uhid_write(fd, &ev);
}

/* The answer to SET_REPORT `id`. */
static inline int touchbridge_uhid_set_report_reply(int fd, uint32_t id, uint16_t err) {
    struct uhid_event ev;
    memset(&ev, 0, sizeof ev);
    ev.type = UHID_SET_REPORT_REPLY;
    ev.u.set_report_reply.id = id;
    ev.u.set_report_reply.err = err;
    return touchbridge_uhid_write(fd, &ev);
}

#endif
