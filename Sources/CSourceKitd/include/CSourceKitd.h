// The parts of sourcekitd's C API (the toolchain's `sourcekitd.h`, which toolchains do not
// install) that SourceKitInProcess calls, reached through `dlopen`/`dlsym` so that nothing
// links against the library: a toolchain without it still runs swiftlab.
#ifndef CSOURCEKITD_H
#define CSOURCEKITD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct sourcekitd_uid_s *sourcekitd_uid_t;
typedef void *sourcekitd_object_t;
typedef void *sourcekitd_response_t;

/// A value inside a response; valid until the response is disposed.
typedef struct {
    uint64_t data[3];
} sourcekitd_variant_t;

typedef enum {
    SOURCEKITD_VARIANT_TYPE_NULL = 0,
    SOURCEKITD_VARIANT_TYPE_DICTIONARY = 1,
    SOURCEKITD_VARIANT_TYPE_ARRAY = 2,
    SOURCEKITD_VARIANT_TYPE_INT64 = 3,
    SOURCEKITD_VARIANT_TYPE_STRING = 4,
    SOURCEKITD_VARIANT_TYPE_UID = 5,
    SOURCEKITD_VARIANT_TYPE_BOOL = 6,
    SOURCEKITD_VARIANT_TYPE_DOUBLE = 7,
    SOURCEKITD_VARIANT_TYPE_DATA = 8,
} sourcekitd_variant_type_t;

typedef enum {
    SOURCEKITD_ERROR_CONNECTION_INTERRUPTED = 1,
    SOURCEKITD_ERROR_REQUEST_INVALID = 2,
    SOURCEKITD_ERROR_REQUEST_FAILED = 3,
    SOURCEKITD_ERROR_REQUEST_CANCELLED = 4,
} sourcekitd_error_t;

typedef bool (*sourcekitd_variant_dictionary_applier_f_t)(
    sourcekitd_uid_t key, sourcekitd_variant_t value, void *context);

/// The library's entry points, filled in by `csourcekitd_load`.
typedef struct {
    void (*initialize)(void);
    void (*shutdown)(void);
    sourcekitd_uid_t (*uid_get_from_cstr)(const char *string);
    const char *(*uid_get_string_ptr)(sourcekitd_uid_t uid);

    sourcekitd_object_t (*request_dictionary_create)(
        const sourcekitd_uid_t *keys, const sourcekitd_object_t *values, size_t count);
    void (*request_dictionary_set_value)(sourcekitd_object_t dict, sourcekitd_uid_t key, sourcekitd_object_t value);
    sourcekitd_object_t (*request_array_create)(const sourcekitd_object_t *objects, size_t count);
    void (*request_array_set_value)(sourcekitd_object_t array, size_t index, sourcekitd_object_t value);
    sourcekitd_object_t (*request_string_create)(const char *string);
    sourcekitd_object_t (*request_int64_create)(int64_t value);
    sourcekitd_object_t (*request_uid_create)(sourcekitd_uid_t uid);
    sourcekitd_object_t (*request_create_from_yaml)(const char *yaml, char **error);
    void (*request_release)(sourcekitd_object_t object);

    sourcekitd_response_t (*send_request_sync)(sourcekitd_object_t request);
    void (*response_dispose)(sourcekitd_response_t response);
    bool (*response_is_error)(sourcekitd_response_t response);
    sourcekitd_error_t (*response_error_get_kind)(sourcekitd_response_t response);
    const char *(*response_error_get_description)(sourcekitd_response_t response);
    sourcekitd_variant_t (*response_get_value)(sourcekitd_response_t response);

    sourcekitd_variant_type_t (*variant_get_type)(sourcekitd_variant_t variant);
    bool (*variant_dictionary_apply_f)(
        sourcekitd_variant_t dict, sourcekitd_variant_dictionary_applier_f_t applier, void *context);
    size_t (*variant_array_get_count)(sourcekitd_variant_t array);
    sourcekitd_variant_t (*variant_array_get_value)(sourcekitd_variant_t array, size_t index);
    int64_t (*variant_int64_get_value)(sourcekitd_variant_t value);
    bool (*variant_bool_get_value)(sourcekitd_variant_t value);
    double (*variant_double_get_value)(sourcekitd_variant_t value);
    size_t (*variant_string_get_length)(sourcekitd_variant_t value);
    const char *(*variant_string_get_ptr)(sourcekitd_variant_t value);
    sourcekitd_uid_t (*variant_uid_get_value)(sourcekitd_variant_t value);
    size_t (*variant_data_get_size)(sourcekitd_variant_t value);
    const void *(*variant_data_get_ptr)(sourcekitd_variant_t value);
} csourcekitd_functions;

/// Loads the library at `path` and fills in `functions`. Returns NULL on success, else a
/// message (the `dlerror` text, or the missing symbol's name), valid until the next call.
const char *csourcekitd_load(const char *path, csourcekitd_functions *functions);

#endif
