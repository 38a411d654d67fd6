// Thin wrappers over Linux calls Swift's Glibc module lacks; see include/CNavSys.h.

#define _GNU_SOURCE
#include "CNavSys.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int navsys_epoll_create(void) { return epoll_create1(EPOLL_CLOEXEC); }

int navsys_epoll_ctl(int epfd, int op, int fd, uint32_t events) {
  struct epoll_event event;
  memset(&event, 0, sizeof event);
  event.events = events;
  event.data.fd = fd;
  return epoll_ctl(epfd, op, fd, &event);
}

int navsys_epoll_wait(int epfd, navsys_event *events, int capacity, int timeout_ms) {
  struct epoll_event raw[256];
  if (capacity > 256) capacity = 256;
  int count = epoll_wait(epfd, raw, capacity, timeout_ms);
  for (int i = 0; i < count; i++) {
    events[i].fd = raw[i].data.fd;
    events[i].events = raw[i].events;
  }
  return count;
}

int navsys_eventfd(void) { return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC); }

int navsys_eventfd_signal(int fd) {
  uint64_t one = 1;
  return write(fd, &one, sizeof one) == sizeof one ? 0 : -1;
}

int navsys_eventfd_drain(int fd) {
  uint64_t value;
  return read(fd, &value, sizeof value) == sizeof value ? 0 : -1;
}

size_t navsys_unix_path_max(void) {
  struct sockaddr_un address;
  return sizeof address.sun_path - 1;
}

int navsys_unix_socket(int nonblocking) {
  return socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | (nonblocking ? SOCK_NONBLOCK : 0), 0);
}

static int navsys_unix_address(const char *path, struct sockaddr_un *address) {
  memset(address, 0, sizeof *address);
  address->sun_family = AF_UNIX;
  size_t length = strlen(path);
  if (length >= sizeof address->sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(address->sun_path, path, length);
  return 0;
}

int navsys_unix_bind(int fd, const char *path) {
  struct sockaddr_un address;
  if (navsys_unix_address(path, &address) != 0) return -1;
  return bind(fd, (struct sockaddr *)&address, sizeof address);
}

int navsys_unix_connect(int fd, const char *path) {
  struct sockaddr_un address;
  if (navsys_unix_address(path, &address) != 0) return -1;
  return connect(fd, (struct sockaddr *)&address, sizeof address);
}

int navsys_accept(int fd) { return accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC); }

int navsys_peer_credentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid) {
  struct ucred credentials;
  socklen_t length = sizeof credentials;
  if (getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &length) != 0) return -1;
  *pid = credentials.pid;
  *uid = credentials.uid;
  *gid = credentials.gid;
  return 0;
}

ssize_t navsys_send(int fd, const void *bytes, size_t count) {
  return send(fd, bytes, count, MSG_NOSIGNAL | MSG_DONTWAIT);
}

int navsys_set_nonblocking(int fd, int nonblocking) {
  int flags = fcntl(fd, F_GETFL, 0);
  if (flags < 0) return -1;
  flags = nonblocking ? (flags | O_NONBLOCK) : (flags & ~O_NONBLOCK);
  return fcntl(fd, F_SETFL, flags);
}

int navsys_set_cloexec(int fd) {
  int flags = fcntl(fd, F_GETFD, 0);
  if (flags < 0) return -1;
  return fcntl(fd, F_SETFD, flags | FD_CLOEXEC);
}

int navsys_errno(void) { return errno; }
