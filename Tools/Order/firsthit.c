// firsthit: runs a program under ptrace with a one-shot breakpoint at the entry of each of its
// functions, and writes the name of each function the first time any thread enters it, in that
// order. Tools/scripts/order-file turns the list into the linker's symbol order.
//
// Usage: firsthit SYMBOLS OUT -- PROGRAM [ARGS...]
//   SYMBOLS: lines of "hexaddress name", the functions' addresses in the program's file (its
//            first mapping, offset 0, is where they are added to);
//   OUT:     the names hit, one a line, first hit first; written when the program ends.
// x86-64 Linux only.
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct {
  uint64_t address;
  char *name;
  unsigned char original;
  int hit;
} Function;

static Function *functions;
static size_t count;

static int by_address(const void *a, const void *b) {
  uint64_t x = ((const Function *)a)->address, y = ((const Function *)b)->address;
  return x < y ? -1 : x > y;
}

static Function *find(uint64_t address) {
  size_t low = 0, high = count;
  while (low < high) {
    size_t middle = (low + high) / 2;
    if (functions[middle].address < address) low = middle + 1;
    else high = middle;
  }
  return low < count && functions[low].address == address ? &functions[low] : NULL;
}

static uint64_t program_base(pid_t pid, const char *program) {
  char path[64], line[4096];
  snprintf(path, sizeof path, "/proc/%d/maps", pid);
  FILE *maps = fopen(path, "r");
  if (!maps) return 0;
  char *real = realpath(program, NULL);
  uint64_t base = 0;
  while (fgets(line, sizeof line, maps)) {
    unsigned long start, offset;
    char file[4096] = "";
    if (sscanf(line, "%lx-%*x %*s %lx %*s %*s %4095s", &start, &offset, file) >= 2 &&
        offset == 0 && real && strcmp(file, real) == 0) {
      base = start;
      break;
    }
  }
  fclose(maps);
  free(real);
  return base;
}

static int set_byte(pid_t pid, uint64_t address, unsigned char byte, unsigned char *previous) {
  errno = 0;
  long word = ptrace(PTRACE_PEEKTEXT, pid, (void *)address, NULL);
  if (errno) return -1;
  if (previous) *previous = (unsigned char)(word & 0xff);
  word = (word & ~0xffL) | byte;
  return (int)ptrace(PTRACE_POKETEXT, pid, (void *)address, (void *)word);
}

int main(int argc, char **argv) {
  if (argc < 5 || strcmp(argv[3], "--") != 0) {
    fprintf(stderr, "usage: firsthit SYMBOLS OUT -- PROGRAM [ARGS...]\n");
    return 64;
  }
  FILE *symbols = fopen(argv[1], "r");
  if (!symbols) { perror(argv[1]); return 66; }
  size_t capacity = 1 << 16;
  functions = calloc(capacity, sizeof *functions);
  char line[8192];
  while (fgets(line, sizeof line, symbols)) {
    char name[8192];
    unsigned long address;
    if (sscanf(line, "%lx %8191s", &address, name) != 2) continue;
    if (count == capacity) functions = realloc(functions, (capacity *= 2) * sizeof *functions);
    functions[count++] = (Function){address, strdup(name), 0, 0};
  }
  fclose(symbols);
  qsort(functions, count, sizeof *functions, by_address);

  pid_t child = fork();
  if (child == 0) {
    ptrace(PTRACE_TRACEME, 0, NULL, NULL);
    execv(argv[4], argv + 4);
    _exit(127);
  }
  int status;
  if (waitpid(child, &status, 0) < 0 || !WIFSTOPPED(status)) { perror("exec"); return 1; }
  uint64_t base = program_base(child, argv[4]);
  if (!base) { fprintf(stderr, "firsthit: %s is not mapped\n", argv[4]); return 1; }
  size_t armed = 0;
  for (size_t i = 0; i < count; i++) {
    // A second name at the same address (an alias) is never armed: the first one's hit is its.
    int alias = i > 0 && functions[i].address == functions[i - 1].address;
    functions[i].address += base;
    if (!alias && set_byte(child, functions[i].address, 0xcc, &functions[i].original) == 0) {
      armed++;
    } else {
      functions[i].hit = 1;
    }
  }
  ptrace(PTRACE_SETOPTIONS, child, NULL,
         (void *)(PTRACE_O_TRACECLONE | PTRACE_O_EXITKILL));
  ptrace(PTRACE_CONT, child, NULL, NULL);

  Function **order = calloc(count + 1, sizeof *order);
  size_t hits = 0;
  for (;;) {
    pid_t pid = waitpid(-1, &status, __WALL);
    if (pid < 0) break;
    if (WIFEXITED(status) || WIFSIGNALED(status)) {
      if (pid == child) break;
      continue;
    }
    if (!WIFSTOPPED(status)) continue;
    int signal = WSTOPSIG(status);
    int deliver = 0;
    if (signal == SIGTRAP && (status >> 16) != 0) {
      deliver = 0;  // a clone or exec event
    } else if (signal == SIGTRAP) {
      struct user_regs_struct registers;
      ptrace(PTRACE_GETREGS, pid, NULL, &registers);
      Function *function = find(registers.rip - 1);
      if (function) {
        if (!function->hit) {
          function->hit = 1;
          set_byte(pid, function->address, function->original, NULL);
          order[hits++] = function;
        }
        registers.rip -= 1;
        ptrace(PTRACE_SETREGS, pid, NULL, &registers);
      } else {
        deliver = SIGTRAP;
      }
    } else if (signal == SIGSTOP) {
      deliver = 0;  // a new thread's first stop
    } else {
      deliver = signal;
    }
    ptrace(PTRACE_CONT, pid, NULL, (void *)(long)deliver);
  }
  FILE *out = fopen(argv[2], "w");
  if (!out) { perror(argv[2]); return 73; }
  for (size_t i = 0; i < hits; i++) fprintf(out, "%s\n", order[i]->name);
  fclose(out);
  fprintf(stderr, "firsthit: %zu of %zu functions armed, %zu entered\n", armed, count, hits);
  return 0;
}
