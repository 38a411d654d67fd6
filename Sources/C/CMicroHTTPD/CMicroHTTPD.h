// GNU libmicrohttpd (Debian's libmicrohttpd-dev): the HTTP server the inspector serves its page
// and its API with.
#include <sys/types.h>
#include <sys/socket.h>
#include <stdint.h>
#include <stdarg.h>
#include <microhttpd.h>
