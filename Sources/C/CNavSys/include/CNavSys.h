// CNavSys: the few Linux calls navd's server and tools need that Swift's Glibc module does not
// offer.
//
// Why this target exists: Glibc's Swift module lacks epoll, accept4 and struct ucred
// (SO_PEERCRED), its sockaddr_un handling is awkward, prctl is variadic, and dl_iterate_phdr
// wants a C callback (the explore command's build ID). Each function here is a thin,
// errno-preserving wrapper; retrying EINTR and turning errors into Swift errors is the job of the
// single syscall wrapper in NavServer (System/Syscall.swift).
#ifndef CNAVSYS_H
#define CNAVSYS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// One ready file descriptor from navsys_epoll_wait.
typedef struct {
  int32_t fd;
  uint32_t events;
} navsys_event;

enum {
  NAVSYS_READABLE = 0x001,  // EPOLLIN
  NAVSYS_WRITABLE = 0x004,  // EPOLLOUT
  NAVSYS_ERROR = 0x008,     // EPOLLERR
  NAVSYS_HANGUP = 0x010,    // EPOLLHUP
  NAVSYS_PEER_CLOSED = 0x2000,  // EPOLLRDHUP
};

/// epoll_create1(EPOLL_CLOEXEC).
int navsys_epoll_create(void);
/// Adds (`op` 1), modifies (3) or removes (2) `fd` with `events` (NAVSYS_ flags).
int navsys_epoll_ctl(int epfd, int op, int fd, uint32_t events);
/// Waits up to `timeout_ms` (-1: forever) for at most `capacity` events.
int navsys_epoll_wait(int epfd, navsys_event *events, int capacity, int timeout_ms);

/// An eventfd (non-blocking, close-on-exec) to wake an epoll loop from another thread.
int navsys_eventfd(void);
/// Adds 1 to an eventfd.
int navsys_eventfd_signal(int fd);
/// Reads (and clears) an eventfd's counter.
int navsys_eventfd_drain(int fd);

/// The longest path a Unix socket address holds (sizeof(sun_path) - 1 for the terminator).
size_t navsys_unix_path_max(void);
/// socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK if `nonblocking`).
int navsys_unix_socket(int nonblocking);
/// bind() to `path` (whose length the caller checked).
int navsys_unix_bind(int fd, const char *path);
/// connect() to `path`.
int navsys_unix_connect(int fd, const char *path);
/// accept4(fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC).
int navsys_accept(int fd);
/// The peer's pid, uid and gid through SO_PEERCRED.
int navsys_peer_credentials(int fd, int32_t *pid, uint32_t *uid, uint32_t *gid);
/// send(fd, bytes, count, MSG_NOSIGNAL | MSG_DONTWAIT): no SIGPIPE when the peer is gone.
ssize_t navsys_send(int fd, const void *bytes, size_t count);
/// 1 when the peer of the stream socket `fd` has closed it entirely (poll's POLLHUP, checked
/// without waiting), 0 when not, -1 on error. A peer that only shut down its writing side (and
/// still reads the replies) is not closed.
int navsys_peer_closed(int fd);
/// Makes `fd` non-blocking (or blocking).
int navsys_set_nonblocking(int fd, int nonblocking);
/// Sets FD_CLOEXEC on `fd`.
int navsys_set_cloexec(int fd);
/// How many times the calling thread gave up its CPU without blocking (getrusage's
/// ru_nivcsw for RUSAGE_THREAD): preempted, or a sched_yield that ran another thread; -1 on
/// error.
long navsys_involuntary_switches(void);
/// The bytes malloc has handed out and not had back (mallinfo2's uordblks plus hblkhd): what a
/// process's heap holds, which its resident size hides while the allocator reuses freed memory.
size_t navsys_heap_bytes_in_use(void);
/// The current errno.
int navsys_errno(void);

/// Sends one datagram to the Unix socket at `address` (a leading '@' names the abstract
/// namespace, as in $NOTIFY_SOCKET): the sd_notify protocol, without libsystemd.
int navsys_notify(const char *address, const void *bytes, size_t count);
/// Whether `fd` is a listening Unix stream socket (1), another kind of descriptor (0), or -1 with
/// errno set: checks an inherited (socket-activated) descriptor before serving on it.
int navsys_is_listening_unix_stream(int fd);
/// The path a Unix socket is bound to, written into `path` (of `capacity` bytes); "" when unnamed.
int navsys_unix_socket_path(int fd, char *path, size_t capacity);
/// A periodic timer (timerfd, monotonic, non-blocking, close-on-exec) firing every
/// `interval_ns` nanoseconds, for the I/O loop's watchdog pings.
int navsys_timerfd(uint64_t interval_ns);
/// Reads (and clears) a timerfd's expiration count.
int navsys_timerfd_drain(int fd);

/// Installs a handler for each of `signals` that writes the signal's number (one byte) to a
/// pipe, and returns the pipe's read end (blocking, close-on-exec), or -1 with errno set.
/// The handler only calls write(2): it is async-signal-safe, catches the signal on whichever
/// thread the kernel picks, and loses none once installed (a full pipe drops only repeats).
int navsys_signal_pipe(const int *signals, int count);

/// Copies the running program's GNU build ID (the linker's `.note.gnu.build-id`) into `out`;
/// returns its length in bytes, 0 when the program has none, or -1 when `capacity` is too small.
int navsys_build_id(uint8_t *out, size_t capacity);

/// Asks the kernel to send this process `signal` when its parent dies (prctl
/// PR_SET_PDEATHSIG); returns 0, or -1 with errno set.
int navsys_die_with_parent(int signal);

#endif
