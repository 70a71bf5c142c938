#ifndef CAPCHECK_CSYSTEMD_SHIM_H
#define CAPCHECK_CSYSTEMD_SHIM_H
/* sd-bus's types, and the types of the functions capcheck calls through pointers: capcheck
 * does not link libsystemd (nor the libgcrypt, libzstd, liblz4 and libcap it brings), it opens
 * it with dlopen(3) the first time a command asks ModemManager (CapabilityLive/DBus). */
#include <systemd/sd-bus.h>

typedef __typeof__(&sd_bus_open_system) capcheck_sd_bus_open_system;
typedef __typeof__(&sd_bus_new) capcheck_sd_bus_new;
typedef __typeof__(&sd_bus_set_address) capcheck_sd_bus_set_address;
typedef __typeof__(&sd_bus_set_bus_client) capcheck_sd_bus_set_bus_client;
typedef __typeof__(&sd_bus_start) capcheck_sd_bus_start;
typedef __typeof__(&sd_bus_flush_close_unref) capcheck_sd_bus_flush_close_unref;
typedef __typeof__(&sd_bus_message_new_method_call) capcheck_sd_bus_message_new_method_call;
typedef __typeof__(&sd_bus_message_append_basic) capcheck_sd_bus_message_append_basic;
typedef __typeof__(&sd_bus_call) capcheck_sd_bus_call;
typedef __typeof__(&sd_bus_error_free) capcheck_sd_bus_error_free;
typedef __typeof__(&sd_bus_message_unref) capcheck_sd_bus_message_unref;
typedef __typeof__(&sd_bus_message_enter_container) capcheck_sd_bus_message_enter_container;
typedef __typeof__(&sd_bus_message_exit_container) capcheck_sd_bus_message_exit_container;
typedef __typeof__(&sd_bus_message_skip) capcheck_sd_bus_message_skip;
typedef __typeof__(&sd_bus_message_peek_type) capcheck_sd_bus_message_peek_type;
typedef __typeof__(&sd_bus_message_read_basic) capcheck_sd_bus_message_read_basic;
#endif
