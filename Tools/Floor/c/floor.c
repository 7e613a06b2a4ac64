/* The C floor: the same job as Tools/Floor/main.swift in C, for the bytes/s and the
   least start and memory a terminal program can have. Built by Tools/scripts/measure_app.py:
   cc -O2 -o floor-c floor.c -lncursesw */
#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
#include <ncursesw/curses.h>
#include <poll.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_REALTIME, &t);
  return t.tv_sec + t.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
  setlocale(LC_ALL, "");
  double deadline = now() + (argc > 1 ? atof(argv[1]) : 900);
  if (newterm(NULL, stdout, stdin) == NULL) return 1;
  cbreak();
  noecho();
  curs_set(0);
  nodelay(stdscr, TRUE);
  leaveok(stdscr, TRUE);
  if (has_colors()) {
    start_color();
    use_default_colors();
    init_pair(1, COLOR_BLUE, -1);
  }
  /* The frame in colour once; the text in the terminal's own colours, as the app's header. */
  attron(COLOR_PAIR(1));
  box(stdscr, 0, 0);
  attroff(COLOR_PAIR(1));
  for (;;) {
    double remaining = deadline - now();
    int left = remaining > 0 ? (int)(remaining + 0.999999) : 0;
    mvprintw(1, 2, "Price held %02d:%02d", left / 60, left % 60);
    refresh();
    /* Sleep until the next whole second of the deadline, or a key. */
    double wait = remaining - (left - 1);
    struct pollfd key = {0, POLLIN, 0};
    if (poll(&key, 1, wait > 0 ? (int)(wait * 1000) + 2 : 1000) > 0) {
      int c;
      while ((c = getch()) != ERR)
        if (c == 'q') {
          endwin();
          return 0;
        }
    }
  }
}
