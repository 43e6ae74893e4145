// libedit's el_wset, el_wget and history_w are variadic, which Swift cannot call.
// These fixed-arity wrappers cover exactly the calls LineEditor makes; they are static
// inline so that the system-library target needs no compiled sources.
#ifndef SWIFTLAB_CEDITLINE_SHIM_H
#define SWIFTLAB_CEDITLINE_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <stdio.h>
#include <wchar.h>

typedef wchar_t *(*swiftlab_prompt_function)(EditLine *);
typedef unsigned char (*swiftlab_editor_function)(EditLine *, int);

/// el_init on the process's standard streams (Swift 6 cannot touch the C globals).
static inline EditLine *swiftlab_el_init(const char *program) {
    return el_init(program, stdin, stdout, stderr);
}

static inline int swiftlab_el_set_prompt(EditLine *el, swiftlab_prompt_function prompt) {
    return el_wset(el, EL_PROMPT, prompt);
}

static inline int swiftlab_el_set_editor(EditLine *el, const wchar_t *mode) {
    return el_wset(el, EL_EDITOR, mode);
}

static inline int swiftlab_el_set_signal(EditLine *el, int handleSignals) {
    return el_wset(el, EL_SIGNAL, handleSignals);
}

static inline int swiftlab_el_set_history(EditLine *el, HistoryW *history) {
    return el_wset(el, EL_HIST, history_w, history);
}

static inline int swiftlab_el_set_client_data(EditLine *el, void *data) {
    return el_wset(el, EL_CLIENTDATA, data);
}

static inline void *swiftlab_el_get_client_data(EditLine *el) {
    void *data = NULL;
    el_wget(el, EL_CLIENTDATA, &data);
    return data;
}

static inline int swiftlab_el_set_getc_function(EditLine *el, el_rfunc_t function) {
    return el_wset(el, EL_GETCFN, function);
}

static inline int swiftlab_el_add_function(EditLine *el, const wchar_t *name, const wchar_t *help,
                                           swiftlab_editor_function function) {
    return el_wset(el, EL_ADDFN, name, help, function);
}

static inline int swiftlab_el_bind(EditLine *el, const wchar_t *keys, const wchar_t *function) {
    return el_wset(el, EL_BIND, keys, function, NULL);
}

static inline int swiftlab_el_refresh(EditLine *el) {
    return el_wset(el, EL_REFRESH);
}

// wcwidth is X/Open, so <wchar.h> declares it only with _XOPEN_SOURCE; glibc and macOS
// both provide it. Columns a character takes, as libedit measures it when drawing.
extern int wcwidth(wchar_t character);

static inline int swiftlab_wcwidth(wchar_t character) {
    return wcwidth(character);
}

static inline HistoryW *swiftlab_history_init(int size) {
    HistoryW *history = history_winit();
    if (history != NULL) {
        HistEventW event;
        history_w(history, &event, H_SETSIZE, size);
    }
    return history;
}

static inline int swiftlab_history_enter(HistoryW *history, const wchar_t *entry) {
    HistEventW event;
    return history_w(history, &event, H_ENTER, entry);
}

#endif
