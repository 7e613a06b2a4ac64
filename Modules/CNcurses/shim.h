// The parts of ncursesw that Swift cannot reach on its own: C globals (stdscr, curscr, LINES,
// COLS, COLOR_PAIRS, stdin, stdout) and function-like or bit-shift macros (COLOR_PAIR, A_BOLD,
// KEY_F, mvwadd_wch). Swift 6 refuses C globals as shared mutable state, so each one is read
// through a static inline function here and Swift never touches a macro.
#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// Wide-character curses (cchar_t, wget_wch, setcchar) is only declared with these set.
#define _XOPEN_SOURCE_EXTENDED 1
#define NCURSES_WIDECHAR 1

#include <locale.h>
#include <langinfo.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <wchar.h>
#include <ncursesw/curses.h>

// MARK: - Globals

static inline WINDOW *cnc_stdscr(void) { return stdscr; }
static inline WINDOW *cnc_curscr(void) { return curscr; }
static inline int cnc_lines(void) { return LINES; }
static inline int cnc_cols(void) { return COLS; }
static inline int cnc_color_pairs(void) { return COLOR_PAIRS; }
static inline FILE *cnc_stdin(void) { return stdin; }
static inline FILE *cnc_stdout(void) { return stdout; }

// MARK: - Results and key codes

static inline int cnc_ok(void) { return OK; }
static inline int cnc_err(void) { return ERR; }
static inline int cnc_key_code_yes(void) { return KEY_CODE_YES; }

static inline int cnc_key_min(void) { return KEY_MIN; }
static inline int cnc_key_up(void) { return KEY_UP; }
static inline int cnc_key_down(void) { return KEY_DOWN; }
static inline int cnc_key_left(void) { return KEY_LEFT; }
static inline int cnc_key_right(void) { return KEY_RIGHT; }
static inline int cnc_key_home(void) { return KEY_HOME; }
static inline int cnc_key_end(void) { return KEY_END; }
static inline int cnc_key_ppage(void) { return KEY_PPAGE; }
static inline int cnc_key_npage(void) { return KEY_NPAGE; }
static inline int cnc_key_dc(void) { return KEY_DC; }
static inline int cnc_key_backspace(void) { return KEY_BACKSPACE; }
static inline int cnc_key_enter(void) { return KEY_ENTER; }
static inline int cnc_key_btab(void) { return KEY_BTAB; }
static inline int cnc_key_resize(void) { return KEY_RESIZE; }
static inline int cnc_key_f(int n) { return KEY_F(n); }

// MARK: - Attributes and colours

static inline attr_t cnc_a_normal(void) { return A_NORMAL; }
static inline attr_t cnc_a_bold(void) { return A_BOLD; }
static inline attr_t cnc_a_dim(void) { return A_DIM; }
static inline attr_t cnc_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cnc_a_reverse(void) { return A_REVERSE; }
static inline attr_t cnc_a_altcharset(void) { return A_ALTCHARSET; }
static inline attr_t cnc_color_pair(int n) { return (attr_t)COLOR_PAIR(n); }

// MARK: - Cells

// Puts one grapheme (a NUL-terminated run of at most CCHARW_MAX wide characters: a spacing one
// and its combining marks) at row y, column x. Longer clusters are cut by setcchar's contract, so
// only the first CCHARW_MAX characters are kept. Returns OK or ERR.
static inline int cnc_put_cell(WINDOW *win, int y, int x, const wchar_t *text, attr_t attrs,
                               short pair) {
  wchar_t kept[CCHARW_MAX + 1];
  size_t count = 0;
  while (count < CCHARW_MAX && text[count] != L'\0') {
    kept[count] = text[count];
    count++;
  }
  kept[count] = L'\0';
  cchar_t cell;
  if (setcchar(&cell, kept, attrs, pair, NULL) == ERR) return ERR;
  return mvwadd_wch(win, y, x, &cell);
}

// Reads the text of the cell at row y, column x into `text` (room for CCHARW_MAX + 1 wide
// characters), for checking what ncurses holds. Returns OK or ERR.
static inline int cnc_cell_text(WINDOW *win, int y, int x, wchar_t *text) {
  cchar_t cell;
  attr_t attrs;
  short pair;
  if (mvwin_wch(win, y, x, &cell) == ERR) return ERR;
  return getcchar(&cell, text, &attrs, &pair, NULL);
}

// MARK: - Terminal and signals

// The character set of the current LC_CTYPE ("UTF-8", "ANSI_X3.4-1968", "ISO-8859-9"...).
// CODESET is an enumerator of glibc's nl_item, which Swift does not import as a constant.
static inline const char *cnc_codeset(void) { return nl_langinfo(CODESET); }

// The size the kernel reports for the terminal on `fd`; OK or ERR (not a terminal).
static inline int cnc_window_size(int fd, int *rows, int *columns) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0 || size.ws_col == 0) return ERR;
  *rows = size.ws_row;
  *columns = size.ws_col;
  return OK;
}

// From <term.h>, which is left out: its macros (`lines`, `columns`...) would rename parameters here.
struct term;
extern int setupterm(const char *term, int fd, int *error);
extern struct term *set_curterm(struct term *terminal);
extern int del_curterm(struct term *terminal);

// Whether the terminal type `term` can be drawn on, from its terminfo entry alone (nothing is
// written): 1 it has cursor addressing (cup) and clear screen (clear); 0 it lacks one of them (dumb,
// a printing terminal); -1 this system has no usable entry for it. What it read is freed.
static inline int cnc_terminal_can_draw(const char *term, int fd) {
  struct term *previous = set_curterm(NULL);
  int error = 0;
  int status = setupterm(term, fd, &error);
  struct term *loaded = set_curterm(previous);
  int result;
  if (status != OK) {
    // 1: a hardcopy terminal; 0: not found, or a generic type; -1: no terminfo database.
    result = error == 1 ? 0 : -1;
  } else {
    set_curterm(loaded);
    char *cup = tigetstr("cup");
    char *clear = tigetstr("clear");
    set_curterm(previous);
    int hasCup = cup != NULL && cup != (char *)-1 && cup[0] != '\0';
    int hasClear = clear != NULL && clear != (char *)-1 && clear[0] != '\0';
    result = hasCup && hasClear ? 1 : 0;
  }
  if (loaded != NULL && loaded != previous) del_curterm(loaded);
  return result;
}

// SIG_IGN and SIG_DFL are casts of integers to function pointers, which Swift cannot import.
static inline void cnc_ignore_signal(int signo) { signal(signo, SIG_IGN); }
static inline void cnc_default_signal(int signo) { signal(signo, SIG_DFL); }

#endif
