#ifndef TOUCHBRIDGE_CLINUX_DRM_PROPERTY_H
#define TOUCHBRIDGE_CLINUX_DRM_PROPERTY_H
/*
 * One enum property of a DRM connector ("panel orientation"), read through the kernel's
 * mode-setting ioctls. The kernel's DRM uapi headers are not installed without libdrm-dev, so
 * the few structures used are declared here as include/uapi/drm/drm_mode.h has them (a stable ABI).
 */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/ioctl.h>

#define TOUCHBRIDGE_DRM_PROP_NAME_LEN 32
#define TOUCHBRIDGE_DRM_MODE_OBJECT_CONNECTOR 0xc0c0c0c0u

struct touchbridge_drm_mode_obj_get_properties {
    uint64_t props_ptr;
    uint64_t prop_values_ptr;
    uint32_t count_props;
    uint32_t obj_id;
    uint32_t obj_type;
};

struct touchbridge_drm_mode_get_property {
    uint64_t values_ptr;
    uint64_t enum_blob_ptr;
    uint32_t prop_id;
    uint32_t flags;
    char name[TOUCHBRIDGE_DRM_PROP_NAME_LEN];
    uint32_t count_values;
    uint32_t count_enum_blobs;
};

struct touchbridge_drm_mode_property_enum {
    uint64_t value;
    char name[TOUCHBRIDGE_DRM_PROP_NAME_LEN];
};

struct touchbridge_drm_mode_card_res {
    uint64_t fb_id_ptr;
    uint64_t crtc_id_ptr;
    uint64_t connector_id_ptr;
    uint64_t encoder_id_ptr;
    uint32_t count_fbs;
    uint32_t count_crtcs;
    uint32_t count_connectors;
    uint32_t count_encoders;
    uint32_t min_width;
    uint32_t max_width;
    uint32_t min_height;
    uint32_t max_height;
};

struct touchbridge_drm_mode_get_connector {
    uint64_t encoders_ptr;
    uint64_t modes_ptr;
    uint64_t props_ptr;
    uint64_t prop_values_ptr;
    uint32_t count_modes;
    uint32_t count_props;
    uint32_t count_encoders;
    uint32_t encoder_id;
    uint32_t connector_id;
    uint32_t connector_type;
    uint32_t connector_type_id;
    uint32_t connection;
    uint32_t mm_width;
    uint32_t mm_height;
    uint32_t subpixel;
    uint32_t pad;
};

#define TOUCHBRIDGE_DRM_IOCTL_DROP_MASTER _IO('d', 0x1f)
#define TOUCHBRIDGE_DRM_IOCTL_MODE_GETRESOURCES _IOWR('d', 0xA0, struct touchbridge_drm_mode_card_res)
#define TOUCHBRIDGE_DRM_IOCTL_MODE_GETCONNECTOR _IOWR('d', 0xA7, struct touchbridge_drm_mode_get_connector)
#define TOUCHBRIDGE_DRM_IOCTL_MODE_GETPROPERTY _IOWR('d', 0xAA, struct touchbridge_drm_mode_get_property)
#define TOUCHBRIDGE_DRM_IOCTL_MODE_OBJ_GETPROPERTIES \
    _IOWR('d', 0xB9, struct touchbridge_drm_mode_obj_get_properties)

/* Opening a card node while no compositor holds it makes the opener DRM master: give it up at
 * once, so that a compositor starting now is not refused. Fails harmlessly when not master. */
static inline void touchbridge_drm_drop_master(int fd) {
    (void)ioctl(fd, TOUCHBRIDGE_DRM_IOCTL_DROP_MASTER, 0);
}

static inline int touchbridge_drm_ioctl(int fd, unsigned long request, void *arg) {
    int r;
    do {
        r = ioctl(fd, request, arg);
    } while (r == -1 && (errno == EINTR || errno == EAGAIN));
    return r == -1 ? -errno : 0;
}

/* The object id of the card's connector of kind `type` (DRM_MODE_CONNECTOR_*) and number
 * `type_id`, which its name (`HDMI-A-1`) says; for kernels without sysfs' connector_id. Never
 * makes the kernel probe the display (it is asked for one mode, not for none). Returns the id,
 * 0 when the card has no such connector, or a negative errno. */
static inline int64_t touchbridge_drm_connector_id(int fd, uint32_t type, uint32_t type_id) {
    uint32_t ids[64];
    struct touchbridge_drm_mode_card_res res;
    memset(&res, 0, sizeof res);
    res.count_connectors = 64;
    res.connector_id_ptr = (uint64_t)(uintptr_t)ids;
    int r = touchbridge_drm_ioctl(fd, TOUCHBRIDGE_DRM_IOCTL_MODE_GETRESOURCES, &res);
    if (r < 0) return r;
    uint32_t count = res.count_connectors < 64 ? res.count_connectors : 64;
    for (uint32_t i = 0; i < count; i++) {
        uint64_t mode[32];
        struct touchbridge_drm_mode_get_connector c;
        memset(&c, 0, sizeof c);
        c.connector_id = ids[i];
        c.count_modes = 1;
        c.modes_ptr = (uint64_t)(uintptr_t)mode;
        r = touchbridge_drm_ioctl(fd, TOUCHBRIDGE_DRM_IOCTL_MODE_GETCONNECTOR, &c);
        if (r < 0) continue;
        if (c.connector_type == type && c.connector_type_id == type_id) return ids[i];
    }
    return 0;
}

/* The name of the value connector `connector` has for its enum property `property`, copied
 * into `value` (at most 32 bytes, NUL-terminated). Returns 1 when found, 0 when the connector
 * has no such property, or a negative errno. */
static inline int touchbridge_drm_connector_enum(int fd, uint32_t connector, const char *property, char value[32]) {
    uint32_t ids[128];
    uint64_t values[128];
    struct touchbridge_drm_mode_obj_get_properties list;
    memset(&list, 0, sizeof list);
    list.obj_id = connector;
    list.obj_type = TOUCHBRIDGE_DRM_MODE_OBJECT_CONNECTOR;
    list.count_props = 128;
    list.props_ptr = (uint64_t)(uintptr_t)ids;
    list.prop_values_ptr = (uint64_t)(uintptr_t)values;
    int r = touchbridge_drm_ioctl(fd, TOUCHBRIDGE_DRM_IOCTL_MODE_OBJ_GETPROPERTIES, &list);
    if (r < 0) return r;
    uint32_t count = list.count_props < 128 ? list.count_props : 128;
    for (uint32_t i = 0; i < count; i++) {
        struct touchbridge_drm_mode_property_enum entries[16];
        struct touchbridge_drm_mode_get_property p;
        memset(&p, 0, sizeof p);
        p.prop_id = ids[i];
        r = touchbridge_drm_ioctl(fd, TOUCHBRIDGE_DRM_IOCTL_MODE_GETPROPERTY, &p);
        if (r < 0) return r;
        if (strncmp(p.name, property, TOUCHBRIDGE_DRM_PROP_NAME_LEN) != 0) continue;
        uint32_t n = p.count_enum_blobs;
        if (n > 16) return -E2BIG;
        memset(entries, 0, sizeof entries);
        memset(&p, 0, sizeof p);
        p.prop_id = ids[i];
        p.count_enum_blobs = n;
        p.enum_blob_ptr = (uint64_t)(uintptr_t)entries;
        r = touchbridge_drm_ioctl(fd, TOUCHBRIDGE_DRM_IOCTL_MODE_GETPROPERTY, &p);
        if (r < 0) return r;
        for (uint32_t e = 0; e < n; e++) {
            if (entries[e].value != values[i]) continue;
            memcpy(value, entries[e].name, TOUCHBRIDGE_DRM_PROP_NAME_LEN);
            value[TOUCHBRIDGE_DRM_PROP_NAME_LEN - 1] = 0;
            return 1;
        }
        return -ERANGE;
    }
    return 0;
}
#endif
