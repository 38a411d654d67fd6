// libmicrohttpd's variadic calls, made in C for Swift.
#include "CHTTPShim.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <string.h>

struct MHD_Daemon *navhttp_start_loopback(uint16_t port, MHD_AccessHandlerCallback handler,
                                          void *context, MHD_RequestCompletedCallback completed,
                                          unsigned int connection_limit) {
  struct sockaddr_in address;
  memset(&address, 0, sizeof address);
  address.sin_family = AF_INET;
  address.sin_port = htons(port);
  address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  return MHD_start_daemon(
      MHD_USE_INTERNAL_POLLING_THREAD | MHD_USE_THREAD_PER_CONNECTION | MHD_USE_POLL, port, NULL,
      NULL, handler, context, MHD_OPTION_SOCK_ADDR, (const struct sockaddr *)&address,
      MHD_OPTION_NOTIFY_COMPLETED, completed, context, MHD_OPTION_CONNECTION_LIMIT,
      connection_limit, MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)(256 * 1024), MHD_OPTION_END);
}

uint16_t navhttp_bound_port(struct MHD_Daemon *daemon) {
  const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
  return info == NULL ? 0 : info->port;
}
