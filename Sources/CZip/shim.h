#ifndef CAPCHECK_CZIP_SHIM_H
#define CAPCHECK_CZIP_SHIM_H
/* libzip's types and constants, and the types of the functions capcheck calls through
 * pointers: capcheck does not link libzip (nor the libcrypto and libbz2 it brings), it opens it
 * with dlopen(3) the first time a command reads a built app (CapabilityManifestFiles/LibZip). */
#include <zip.h>

typedef __typeof__(&zip_open) capcheck_zip_open;
typedef __typeof__(&zip_open_from_source) capcheck_zip_open_from_source;
typedef __typeof__(&zip_source_buffer_create) capcheck_zip_source_buffer_create;
typedef __typeof__(&zip_source_free) capcheck_zip_source_free;
typedef __typeof__(&zip_discard) capcheck_zip_discard;
typedef __typeof__(&zip_get_num_entries) capcheck_zip_get_num_entries;
typedef __typeof__(&zip_get_name) capcheck_zip_get_name;
typedef __typeof__(&zip_get_error) capcheck_zip_get_error;
typedef __typeof__(&zip_error_init) capcheck_zip_error_init;
typedef __typeof__(&zip_error_init_with_code) capcheck_zip_error_init_with_code;
typedef __typeof__(&zip_error_fini) capcheck_zip_error_fini;
typedef __typeof__(&zip_error_strerror) capcheck_zip_error_strerror;
typedef __typeof__(&zip_stat_init) capcheck_zip_stat_init;
typedef __typeof__(&zip_stat_index) capcheck_zip_stat_index;
typedef __typeof__(&zip_fopen_index) capcheck_zip_fopen_index;
typedef __typeof__(&zip_fread) capcheck_zip_fread;
typedef __typeof__(&zip_fclose) capcheck_zip_fclose;
typedef __typeof__(&zip_file_strerror) capcheck_zip_file_strerror;
#endif
