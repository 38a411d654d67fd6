// Thin wrappers over Linux calls Swift's Glibc module lacks; see include/CNavSys.h.

#define _GNU_SOURCE
#include "CNavSys.h"

#include <elf.h>
#include <errno.h>
#include <link.h>
#include <stddef.h>
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <string.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
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

int navsys_peer_closed(int fd) {
  struct pollfd entry = {.fd = fd, .events = 0, .revents = 0};
  int ready = poll(&entry, 1, 0);
  if (ready < 0) return -1;
  return (entry.revents & POLLHUP) ? 1 : 0;
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

long navsys_involuntary_switches(void) {
  struct rusage usage;
  if (getrusage(RUSAGE_THREAD, &usage) != 0) return -1;
  return usage.ru_nivcsw;
}

size_t navsys_heap_bytes_in_use(void) {
  struct mallinfo2 info = mallinfo2();
  return info.uordblks + info.hblkhd;
}

int navsys_notify(const char *address, const void *bytes, size_t count) {
  struct sockaddr_un destination;
  memset(&destination, 0, sizeof destination);
  destination.sun_family = AF_UNIX;
  size_t length = strlen(address);
  if (length == 0 || length >= sizeof destination.sun_path) {
    errno = EINVAL;
    return -1;
  }
  memcpy(destination.sun_path, address, length);
  // An abstract address starts with a NUL byte and is not terminated: its length is exact.
  if (address[0] == '@') destination.sun_path[0] = 0;
  socklen_t size = (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length);
  if (address[0] != '@') size += 1;
  int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  ssize_t sent = sendto(fd, bytes, count, MSG_NOSIGNAL, (struct sockaddr *)&destination, size);
  int saved = errno;
  close(fd);
  errno = saved;
  return sent < 0 ? -1 : 0;
}

int navsys_is_listening_unix_stream(int fd) {
  int value = 0;
  socklen_t length = sizeof value;
  if (getsockopt(fd, SOL_SOCKET, SO_DOMAIN, &value, &length) != 0) {
    return errno == ENOTSOCK ? 0 : -1;
  }
  if (value != AF_UNIX) return 0;
  length = sizeof value;
  if (getsockopt(fd, SOL_SOCKET, SO_TYPE, &value, &length) != 0) return -1;
  if (value != SOCK_STREAM) return 0;
  length = sizeof value;
  if (getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &value, &length) != 0) return -1;
  return value ? 1 : 0;
}

int navsys_unix_socket_path(int fd, char *path, size_t capacity) {
  struct sockaddr_un address;
  memset(&address, 0, sizeof address);
  socklen_t length = sizeof address;
  if (getsockname(fd, (struct sockaddr *)&address, &length) != 0) return -1;
  if (capacity == 0) return 0;
  size_t count = length > offsetof(struct sockaddr_un, sun_path)
    ? length - offsetof(struct sockaddr_un, sun_path) : 0;
  if (count > 0 && address.sun_path[0] == 0) count = 0;  // abstract: no path
  count = strnlen(address.sun_path, count);
  if (count >= capacity) count = capacity - 1;
  memcpy(path, address.sun_path, count);
  path[count] = 0;
  return 0;
}

int navsys_timerfd(uint64_t interval_ns) {
  int fd = timerfd_create(CLOCK_MONOTONIC, TFD_NONBLOCK | TFD_CLOEXEC);
  if (fd < 0) return -1;
  struct itimerspec spec;
  spec.it_interval.tv_sec = (time_t)(interval_ns / 1000000000u);
  spec.it_interval.tv_nsec = (long)(interval_ns % 1000000000u);
  spec.it_value = spec.it_interval;
  if (timerfd_settime(fd, 0, &spec, NULL) != 0) {
    int saved = errno;
    close(fd);
    errno = saved;
    return -1;
  }
  return fd;
}

int navsys_timerfd_drain(int fd) {
  uint64_t expirations = 0;
  return read(fd, &expirations, sizeof expirations) == (ssize_t)sizeof expirations ? 0 : -1;
}

static int navsys_signal_write_end = -1;

static void navsys_signal_handler(int signal_number) {
  int saved = errno;
  unsigned char byte = (unsigned char)signal_number;
  ssize_t ignored = write(navsys_signal_write_end, &byte, 1);
  (void)ignored;
  errno = saved;
}

int navsys_signal_pipe(const int *signals, int count) {
  int ends[2];
  if (pipe2(ends, O_CLOEXEC) != 0) return -1;
  if (navsys_set_nonblocking(ends[1], 1) != 0) return -1;
  navsys_signal_write_end = ends[1];
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = navsys_signal_handler;
  action.sa_flags = SA_RESTART;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < count; i++) {
    if (sigaction(signals[i], &action, NULL) != 0) return -1;
  }
  return ends[0];
}

/// What navsys_build_id's callback fills in.
typedef struct {
  uint8_t *out;
  size_t capacity;
  int length;
} navsys_build_id_search;

/// Looks through the first object dl_iterate_phdr reports (the program itself) for its
/// build-id note.
static int navsys_build_id_note(struct dl_phdr_info *info, size_t size, void *data) {
  (void)size;
  navsys_build_id_search *search = data;
  for (int index = 0; index < info->dlpi_phnum; index++) {
    const ElfW(Phdr) *header = &info->dlpi_phdr[index];
    if (header->p_type != PT_NOTE) continue;
    const char *note = (const char *)(info->dlpi_addr + header->p_vaddr);
    const char *end = note + header->p_memsz;
    while (note + sizeof(ElfW(Nhdr)) <= end) {
      const ElfW(Nhdr) *entry = (const ElfW(Nhdr) *)note;
      const char *name = note + sizeof(ElfW(Nhdr));
      const char *description = name + ((entry->n_namesz + 3) & ~3u);
      if (entry->n_type == NT_GNU_BUILD_ID && entry->n_namesz == 4 &&
          memcmp(name, "GNU", 4) == 0) {
        if (entry->n_descsz > search->capacity) {
          search->length = -1;
        } else {
          memcpy(search->out, description, entry->n_descsz);
          search->length = (int)entry->n_descsz;
        }
        return 1;
      }
      note = description + ((entry->n_descsz + 3) & ~3u);
    }
  }
  return 1;  // Only the program: the libraries' notes are not its build.
}

int navsys_build_id(uint8_t *out, size_t capacity) {
  navsys_build_id_search search = {out, capacity, 0};
  dl_iterate_phdr(navsys_build_id_note, &search);
  return search.length;
}

int navsys_die_with_parent(int signal) { return prctl(PR_SET_PDEATHSIG, signal); }
