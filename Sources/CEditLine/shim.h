// libedit's el_set, el_get and history are variadic, which Swift cannot call.
// These fixed-arity wrappers cover exactly the calls LineEditor makes; keep them
// static inline so the system-library target needs no compiled sources.
#ifndef SWIFTLAB_CEDITLINE_SHIM_H
#define SWIFTLAB_CEDITLINE_SHIM_H

#include <histedit.h>
#include <locale.h>
#include <stdio.h>

#endif
