// What Swift cannot call in libmicrohttpd: its variadic functions, wrapped with the options the
// inspector uses.
#ifndef NAVD_CHTTPSHIM_H
#define NAVD_CHTTPSHIM_H

#include <stdint.h>
#include <microhttpd.h>

/// Starts a daemon on 127.0.0.1 at `port` (0: a port the kernel picks), one thread per
/// connection (so a Server-Sent Events stream may block for its next event), at most
/// `connection_limit` connections. `handler` answers requests with `context`; `completed` is
/// called with `context` when a request ends. Returns NULL when it cannot start (the port is
/// taken, no thread).
struct MHD_Daemon *navhttp_start_loopback(uint16_t port, MHD_AccessHandlerCallback handler,
                                          void *context, MHD_RequestCompletedCallback completed,
                                          unsigned int connection_limit);

/// The port the daemon listens on, or 0 when it cannot be told.
uint16_t navhttp_bound_port(struct MHD_Daemon *daemon);

#endif
