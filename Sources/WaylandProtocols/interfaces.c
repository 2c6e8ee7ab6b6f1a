#include "WaylandProtocols.h"

const struct wl_interface *touchbridge_wl_compositor_interface(void)
{
    return &wl_compositor_interface;
}

const struct wl_interface *touchbridge_wl_shm_interface(void)
{
    return &wl_shm_interface;
}

const struct wl_interface *touchbridge_wl_output_interface(void)
{
    return &wl_output_interface;
}

const struct wl_interface *touchbridge_xdg_wm_base_interface(void)
{
    return &xdg_wm_base_interface;
}

const struct wl_interface *touchbridge_layer_shell_interface(void)
{
    return &zwlr_layer_shell_v1_interface;
}

const struct wl_interface *touchbridge_wl_seat_interface(void)
{
    return &wl_seat_interface;
}

const struct wl_interface *touchbridge_presentation_interface(void)
{
    return &wp_presentation_interface;
}
