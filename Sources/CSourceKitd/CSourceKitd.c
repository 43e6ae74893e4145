#include "CSourceKitd.h"

#include <dlfcn.h>
#include <stdio.h>

const char *csourcekitd_load(const char *path, csourcekitd_functions *functions) {
    static char message[512];
    // RTLD_LOCAL: the library carries a whole compiler whose symbols must not be found
    // in place of the process's own.
    void *handle = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *error = dlerror();
        snprintf(message, sizeof message, "%s", error != NULL ? error : path);
        return message;
    }
#define LOAD(field, symbol)                                                                    \
    do {                                                                                       \
        *(void **)&functions->field = dlsym(handle, symbol);                                   \
        if (functions->field == NULL) {                                                        \
            snprintf(message, sizeof message, "%s has no %s", path, symbol);                   \
            dlclose(handle);                                                                   \
            return message;                                                                    \
        }                                                                                      \
    } while (0)
    LOAD(initialize, "sourcekitd_initialize");
    LOAD(shutdown, "sourcekitd_shutdown");
    LOAD(uid_get_from_cstr, "sourcekitd_uid_get_from_cstr");
    LOAD(uid_get_string_ptr, "sourcekitd_uid_get_string_ptr");
    LOAD(request_dictionary_create, "sourcekitd_request_dictionary_create");
    LOAD(request_dictionary_set_value, "sourcekitd_request_dictionary_set_value");
    LOAD(request_array_create, "sourcekitd_request_array_create");
    LOAD(request_array_set_value, "sourcekitd_request_array_set_value");
    LOAD(request_string_create, "sourcekitd_request_string_create");
    LOAD(request_int64_create, "sourcekitd_request_int64_create");
    LOAD(request_uid_create, "sourcekitd_request_uid_create");
    LOAD(request_create_from_yaml, "sourcekitd_request_create_from_yaml");
    LOAD(request_release, "sourcekitd_request_release");
    LOAD(send_request_sync, "sourcekitd_send_request_sync");
    LOAD(response_dispose, "sourcekitd_response_dispose");
    LOAD(response_is_error, "sourcekitd_response_is_error");
    LOAD(response_error_get_kind, "sourcekitd_response_error_get_kind");
    LOAD(response_error_get_description, "sourcekitd_response_error_get_description");
    LOAD(response_get_value, "sourcekitd_response_get_value");
    LOAD(variant_get_type, "sourcekitd_variant_get_type");
    LOAD(variant_dictionary_apply_f, "sourcekitd_variant_dictionary_apply_f");
    LOAD(variant_array_get_count, "sourcekitd_variant_array_get_count");
    LOAD(variant_array_get_value, "sourcekitd_variant_array_get_value");
    LOAD(variant_int64_get_value, "sourcekitd_variant_int64_get_value");
    LOAD(variant_bool_get_value, "sourcekitd_variant_bool_get_value");
    LOAD(variant_double_get_value, "sourcekitd_variant_double_get_value");
    LOAD(variant_string_get_length, "sourcekitd_variant_string_get_length");
    LOAD(variant_string_get_ptr, "sourcekitd_variant_string_get_ptr");
    LOAD(variant_uid_get_value, "sourcekitd_variant_uid_get_value");
    LOAD(variant_data_get_size, "sourcekitd_variant_data_get_size");
    LOAD(variant_data_get_ptr, "sourcekitd_variant_data_get_ptr");
#undef LOAD
    return NULL;
}
