"use strict";
// The checkers board: draws the view of /api/checkers (from the side of the human's
// colour), and sends the player's clicks, drags, keys and typed moves. The server says
// which squares are movable, selected and targets; the page applies no rule.
(() => {
  const { $, api, el, say, countRender, openSection, fillForm, chooseOption, params, progress, editing, grouped } = Harness;
  const CROWN = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 18h18l-1.5-10-4.5 4-3-7-3 7-4.5-4z" fill="#e0b020" stroke="#7a5a00" stroke-width="1.2"/></svg>';
  const SETUP = ["m", "n", "r", "color", "computer", "seed", "position", "side"];
  // Arrow keys as steps on the screen: [rows up, columns right].
  const ARROWS = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  // Keys that step through the game anywhere on the page but in a field or on the board.
  const STEPS = { ArrowLeft: "back", ArrowRight: "forward", Home: "first", End: "last" };
  const PIECE_NAMES = { b: "black man", w: "white man", B: "black king", W: "white king" };
  const other = (side) => (side === "black" ? "white" : "black");
  const kings = (n) => `${n} ${n === 1 ? "king" : "kings"}`;

  const checkers = {
    ...Harness.boardRequests("checkers"),
    root: $('section[data-game="checkers"]'),
    gameField: "squares",
    view: null,
    polling: null,
    cursor: null,
    press: null,
    reviewing: null,
    asked: 0,
    shownPdn: "",
    // The set-up position of the link (`position`, `side`): the first game starts from it;
    // New game then starts the standard position of the size in the form.
    setup: null,
    // The board turned round by hand (on top of the turn for playing White).
    turned: false,
    // A note for a click that came while the computer thinks, shown until its move.
    note: "",
    // The ply whose move was last animated (a move is animated once).
    animated: -1,
    // When the move being animated ends (`performance.now()` time).
    animating: 0,

    async open() {
      openSection("checkers", "checkers");
      const form = $('[data-role="setup"]', this.root);
      fillForm(form, ["m", "n", "r", "color", "computer", "seed"]);
      if (params.has("position")) this.setup = { position: params.get("position"), side: params.get("side") || "black" };
      this.turned = localStorage.getItem("harness.checkers.turned") === "true";
      form.addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
      this.root.addEventListener("click", (e) => this.onClick(e));
      $('[data-role="typed"]', this.root).addEventListener("submit", (e) => { e.preventDefault(); this.typed(); });
      const board = this.board();
      board.addEventListener("keydown", (e) => this.onKey(e));
      board.addEventListener("focus", () => { if (!this.cursor && this.view) { this.cursor = this.firstCursor(); this.drawCursor(); } });
      board.addEventListener("pointerdown", (e) => this.pointerDown(e));
      board.addEventListener("pointermove", (e) => this.pointerMove(e));
      board.addEventListener("pointerup", (e) => this.pointerUp(e));
      board.addEventListener("pointercancel", () => this.dropPress());
      board.addEventListener("lostpointercapture", () => { if (this.press && !this.press.ending) this.dropPress(); });
      board.addEventListener("dragstart", (e) => e.preventDefault());
      board.addEventListener("contextmenu", (e) => { if (this.press) e.preventDefault(); });
      document.addEventListener("keydown", (e) => this.onPageKey(e));
      await this.resume(SETUP);
    },

    board() { return $('[data-role="board"]', this.root); },

    settings() {
      const f = $('[data-role="setup"]', this.root).elements;
      const body = { rows: f.m.value, cols: f.n.value, men_rows: f.r.value, color: f.color.value, computer: f.computer.value, seed: f.seed.value };
      if (this.setup) { body.position = this.setup.position; body.side = this.setup.side; }
      return body;
    },

    async newGame(moves) {
      const body = this.settings();
      this.setup = null;
      if (moves !== undefined) body.moves = moves;
      const r = await api("POST", "/api/checkers/new", body);
      if (!r.ok) {
        // The form goes back to the game in play: the refused settings are not it.
        if (this.view) this.resumed(this.view);
        countRender();
        return say(this.root, r.data.error, true);
      }
      this.cursor = null;
      this.shownPdn = null;
      this.reviewing = null;
      this.note = "";
      this.animated = r.data.plies;
      // Moves loaded from a PDN may name their own board: the form shows it.
      if (moves !== undefined) {
        const f = $('[data-role="setup"]', this.root).elements;
        f.m.value = String(r.data.rows); f.n.value = String(r.data.cols); f.r.value = String(r.data.men_rows);
      }
      this.render(r.data);
    },

    // ---- the moves as PDN: copied, or loaded into a new game of the size set above.
    async copy() {
      const box = $('[data-role="pdn"]', this.root);
      try {
        await navigator.clipboard.writeText(box.value);
      } catch (e) {
        box.select();
        document.execCommand("copy");
      }
      countRender();
      say(this.root, "The moves are copied (PDN).", false);
    },

    load() { return this.newGame($('[data-role="pdn"]', this.root).value); },

    // ---- review: the position after any ply of the game, as the server kept it; the
    // last ply is the live board. `where` is a ply number or first/back/forward/last.
    async step(where) {
      const v = this.view;
      const now = this.reviewing ? this.reviewing.ply : v.plies;
      const named = { first: 0, back: now - 1, forward: now + 1, last: v.plies };
      const ply = where in named ? named[where] : Number(where);
      if (!(ply >= 0 && ply <= v.plies) || ply === now) return countRender();
      const asked = ++this.asked;
      if (ply === v.plies) { this.reviewing = null; return this.render(v); }
      const r = await api("POST", "/api/checkers/review", { ply });
      if (asked !== this.asked) return;
      if (!r.ok) { countRender(); return say(this.root, r.data.error, true); }
      this.reviewing = r.data;
      this.render(this.view);
    },

    // Play on from the position under review: the later moves are dropped (the game keeps
    // no variations), and the computer replies when it is to move there.
    async continueHere() {
      if (!this.reviewing) return countRender();
      const ply = this.reviewing.ply;
      const r = await api("POST", "/api/checkers/continue", { ply });
      if (!r.ok) { countRender(); return say(this.root, r.data.error, true); }
      this.reviewing = null;
      this.cursor = null;
      this.animated = r.data.plies;
      this.render(r.data);
    },

    // The board turned round by hand (kept for the next visit).
    flip() {
      this.turned = !this.turned;
      try { localStorage.setItem("harness.checkers.turned", String(this.turned)); } catch (e) { /* private mode */ }
      if (this.view) this.render(this.view); else countRender();
    },

    // The side to move after `ply` plies of the game on the board.
    sideAfter(v, ply) { return (v.plies - ply) % 2 === 0 ? v.side : other(v.side); },

    // The form shows the game in play: after a reload, and after a refused new game.
    resumed(v) {
      this.animated = Math.max(this.animated, v.plies);
      const f = $('[data-role="setup"]', this.root).elements;
      f.m.value = String(v.rows); f.n.value = String(v.cols); f.r.value = String(v.men_rows); f.color.value = v.human;
      chooseOption(f.computer, v.computer);
      f.seed.value = "";
    },

    async onClick(e) {
      const square = e.target.closest("[data-square]");
      // A square is played by the pointer handlers; a click without a pointer (assistive
      // technology, a script) lands here.
      if (square && e.detail === 0 && !this.press) return this.clickSquare(square.dataset.square);
      const ply = e.target.closest("button[data-ply]");
      if (ply) return this.step(ply.dataset.ply);
      const button = e.target.closest("button[data-action]");
      if (!button || button.type === "submit") return;
      const action = button.dataset.action;
      if (action === "undo") { this.reviewing = null; return this.send("/api/checkers/undo", {}); }
      if (action === "drop") return this.send("/api/checkers/drop", {});
      if (action === "hint") return this.search(this.view.hint && this.view.hint.state === "running" ? "/api/checkers/hint/cancel" : "/api/checkers/hint", {});
      if (action === "review") return this.step(button.dataset.step);
      if (action === "continue") return this.continueHere();
      if (action === "flip") return this.flip();
      if (action === "copy") return this.copy();
      if (action === "load") return this.load();
      if (action === "count") return this.search("/api/checkers/count", { limit_s: this.countLimit() });
      if (action === "cancel") return this.search("/api/checkers/count/cancel", {});
    },

    countLimit() { return Number($('[data-role="count-limit"]', this.root).value) || 10; },

    clickSquare(name) {
      if (this.reviewing) {
        countRender();
        return say(this.root, "You are looking at an earlier position: “play on from here” continues the game from it (the later moves are dropped); End or “back to the game” returns to the position now.", true);
      }
      if (this.view && this.view.thinking) {
        this.note = "Your click came during the computer's turn: wait for its move, then play.";
        this.showThinking(this.view.thinking);
        return countRender();
      }
      const s = this.view && this.view.squares.find((q) => q.square === name);
      if (s) this.cursor = { row: s.row, col: s.col };
      return this.send("/api/checkers/click", { square: name });
    },

    async typed() {
      const input = $('[data-role="typed"]', this.root).elements.move;
      const r = await api("POST", "/api/checkers/move", { move: input.value });
      if (r.ok) { input.value = ""; this.reviewing = null; return this.render(r.data); }
      countRender();
      say(this.root, r.data.error, true);
    },

    // ---- keys: arrows move the cursor over the board as it is drawn, Enter or Space
    // clicks the square under it, Escape drops the selection; Home and End step through
    // the game. The cursor is drawn only while the keys are in use: after a click or a
    // drag the left and right arrows step through the moves, as anywhere on the page,
    // and up, down, Enter or Space bring the cursor back.
    onKey(e) {
      const v = this.view;
      if (!v) return;
      const mouse = this.board().dataset.keys === "false";
      if (mouse && (e.key === "ArrowLeft" || e.key === "ArrowRight") && !e.altKey && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        return this.step(STEPS[e.key]);
      }
      this.usingKeys(true);
      if (e.key === "Home" || e.key === "End") { e.preventDefault(); return this.step(STEPS[e.key]); }
      if (e.key in ARROWS) {
        e.preventDefault();
        const [up, right] = ARROWS[e.key];
        const turn = this.flipped() ? -1 : 1;
        const c = this.cursor || this.firstCursor();
        const row = Math.min(v.rows - 1, Math.max(0, c.row + up * turn));
        const col = Math.min(v.cols - 1, Math.max(0, c.col + right * turn));
        this.cursor = { row, col };
        return this.drawCursor();
      }
      if (e.key === "Escape") { e.preventDefault(); return this.send("/api/checkers/drop", {}); }
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      if (!this.cursor) { this.cursor = this.firstCursor(); return this.drawCursor(); }
      const s = v.squares.find((q) => q.row === this.cursor.row && q.col === this.cursor.col);
      if (s) return this.clickSquare(s.square);
      countRender();
      say(this.root, "A light square: pieces stand on the dark squares only.", true);
    },

    // Arrow keys, Home and End anywhere else on the page step through the game.
    onPageKey(e) {
      if (this.root.hidden || !this.view || !(e.key in STEPS) || e.altKey || e.ctrlKey || e.metaKey) return;
      if (editing(e.target) || e.target === this.board()) return;
      e.preventDefault();
      this.step(STEPS[e.key]);
    },

    usingKeys(on) { this.board().dataset.keys = on ? "true" : "false"; },

    // Where the cursor starts: on the first piece that can move, else the bottom left.
    firstCursor() {
      const v = this.view;
      const s = v.squares.find((q) => v.movable.includes(q.square)) || v.squares[0];
      return s ? { row: s.row, col: s.col } : { row: 0, col: 0 };
    },

    // The cursor: marked on its square, and named to assistive technology through the
    // board's aria-activedescendant.
    drawCursor() {
      for (const c of this.root.querySelectorAll(".sq.cursor")) { c.classList.remove("cursor"); delete c.dataset.cursor; }
      const board = this.board();
      board.removeAttribute("aria-activedescendant");
      if (!this.cursor) return countRender();
      const cell = $(`[data-at="${this.cursor.row},${this.cursor.col}"]`, this.root);
      if (cell) {
        cell.classList.add("cursor");
        cell.dataset.cursor = "true";
        board.setAttribute("aria-activedescendant", cell.id);
      }
      countRender();
    },

    // ---- the pointer (mouse, pen or touch), captured by the board from press to release:
    // pressing one of your pieces selects it and its targets get their dots; released
    // where it was pressed, that is a click; dragged, the piece follows the pointer and
    // is dropped on the square under it (an illegal drop puts it back, and the refusal
    // says why). The browser neither scrolls, selects text nor drags on the board.
    pointerDown(e) {
      const square = e.target.closest("[data-square]");
      if (!square || !e.isPrimary || e.button !== 0) return;
      if (this.press) this.dropPress();
      e.preventDefault();
      this.usingKeys(false);
      const board = this.board();
      try { board.setPointerCapture(e.pointerId); } catch (err) { /* the pointer is gone */ }
      if (board !== document.activeElement) board.focus({ preventScroll: true });
      const name = square.dataset.square;
      const selected = square.getAttribute("aria-selected") === "true";
      const lift = !this.reviewing && !!square.querySelector("[data-piece]") && (square.dataset.movable === "true" || selected);
      this.press = { from: name, x: e.clientX, y: e.clientY, id: e.pointerId, lift, selected, ghost: null, ending: false, ready: Promise.resolve() };
      if (lift && !selected) this.press.ready = this.clickSquare(name);
    },

    pointerMove(e) {
      const p = this.press;
      if (!p || e.pointerId !== p.id || !p.lift) return;
      e.preventDefault();
      if (!p.ghost) {
        if (Math.hypot(e.clientX - p.x, e.clientY - p.y) < 6) return;
        const piece = $(`[data-square="${p.from}"] [data-piece]`, this.root);
        if (!piece) return;
        const box = piece.getBoundingClientRect();
        p.ghost = piece.cloneNode(true);
        p.ghost.classList.add("ghost");
        p.ghost.removeAttribute("data-piece");
        p.ghost.style.width = box.width + "px";
        p.ghost.style.height = box.height + "px";
        document.body.appendChild(p.ghost);
        piece.classList.add("lifted");
        this.board().dataset.dragging = "true";
      }
      p.ghost.style.left = e.clientX + "px";
      p.ghost.style.top = e.clientY + "px";
    },

    async pointerUp(e) {
      const p = this.press;
      if (!p || e.pointerId !== p.id) return;
      p.ending = true;
      const dragged = !!p.ghost;
      const under = this.squareAt(e.clientX, e.clientY);
      this.endPress();
      await p.ready;
      if (!dragged) {
        // A click: on a piece that was selected it drops the selection; a piece not yet
        // selected was selected when pressed.
        if (!p.lift || p.selected) return this.clickSquare(p.from);
        return;
      }
      if (!under || under === p.from) return this.render(this.view);
      this.dragged = p.from;
      const v = this.view;
      if (v.selected[v.selected.length - 1] !== p.from && !v.selected.includes(p.from)) await this.clickSquare(p.from);
      if (this.view.targets.includes(under)) return this.clickSquare(under);
      // Dropped on the end of a whole capture: the capture is played (when one only ends there).
      const ends = (m) => { const path = m.split(/[-x]/); return path[0] === p.from && path[path.length - 1] === under; };
      const whole = this.view.selected.length === 1 ? this.view.legal.filter(ends) : [];
      if (whole.length === 1) {
        this.cursor = null;
        return this.send("/api/checkers/move", { move: whole[0] });
      }
      return this.clickSquare(under);
    },

    // The square under the point (x, y) of the window, if any.
    squareAt(x, y) {
      const target = document.elementFromPoint(x, y);
      const to = target && target.closest('section[data-game="checkers"] [data-square]');
      return to ? to.dataset.square : null;
    },

    // The press ends: the ghost goes, the piece is put back until the answer is drawn.
    endPress() {
      const p = this.press;
      this.press = null;
      if (!p) return;
      if (p.ghost) p.ghost.remove();
      const lifted = this.root.querySelector(".piece.lifted");
      if (lifted) lifted.classList.remove("lifted");
      this.board().dataset.dragging = "false";
    },

    dropPress() {
      if (!this.press) return;
      this.endPress();
      if (this.view) this.render(this.view);
    },

    // The board is drawn from White's side when you play White, or turned round by hand
    // (both: from Black's side).
    flipped() { return !!this.view && (this.view.human === "white") !== this.turned; },

    // The squares of the last moves: the computer's and the player's own, each marked.
    lastMoves(v) {
      const by = new Map();
      for (const m of v.last_moves || [{ by: "computer", squares: v.last_move }]) for (const s of m.squares) if (!by.has(s)) by.set(s, m.by);
      return by;
    },

    render(v) {
      this.view = v;
      if (this.reviewing && this.reviewing.ply > v.plies) this.reviewing = null;
      if (this.reviewing && this.reviewing.plies !== v.plies) this.reviewing.plies = v.plies;
      if (!v.thinking) this.note = "";
      this.drawBoard(v, this.reviewing);
      this.animate(v);
      this.drawSide(v);
      this.drawCursor();
    },

    // A move new on the board slides its piece along its path (a short animation, none
    // where the system asks for reduced motion, none for a piece dragged there by hand).
    animate(v) {
      const board = this.board();
      const fresh = this.animated >= 0 && v.plies > this.animated && !this.reviewing;
      this.animated = Math.max(this.animated, v.plies);
      const dragged = this.dragged;
      this.dragged = null;
      const path = v.last_move || [];
      if (!fresh || path.length < 2) return;
      const latest = (v.last_moves || [])[0];
      if (dragged && latest && latest.by === "you" && dragged === path[0]) return;
      if (window.matchMedia && matchMedia("(prefers-reduced-motion: reduce)").matches) { board.dataset.animated = "none"; return; }
      const at = (sq) => $(`[data-square="${sq}"]`, board);
      const end = at(path[path.length - 1]);
      const piece = end && end.querySelector(".piece");
      if (!piece || !piece.animate || path.some((sq) => !at(sq))) return;
      const to = end.getBoundingClientRect();
      const frames = path.map((sq) => { const r = at(sq).getBoundingClientRect(); return { transform: `translate(${r.x - to.x}px, ${r.y - to.y}px)` }; });
      const duration = Math.min(420, 140 * (path.length - 1) + 40);
      piece.animate(frames, { duration, easing: "ease-out" });
      // The view is not asked again (which draws the board anew) before the move is shown.
      this.animating = performance.now() + duration;
      board.dataset.animated = path.join("-");
    },

    // Who played the ply that led to `review`: `you` or `computer`.
    reviewedBy(v, review) {
      return this.sideAfter(v, review.ply - 1) === v.human ? "you" : "computer";
    },

    // The board: the game as it stands, or the position `review` of the game.
    drawBoard(v, review) {
      const flip = this.flipped();
      const board = this.board();
      board.style.gridTemplateColumns = `repeat(${v.cols}, 1fr)`;
      board.style.gridTemplateRows = `repeat(${v.rows}, 1fr)`;
      board.style.setProperty("--aspect", `${v.cols} / ${v.rows}`);
      board.style.setProperty("--wide", String(v.cols / Math.max(v.rows, v.cols)));
      this.root.style.setProperty("--wide", String(v.cols / Math.max(v.rows, v.cols)));
      board.dataset.flipped = flip ? "true" : "false";
      const turn = $('[data-action="flip"]', this.root);
      if (turn) turn.setAttribute("aria-pressed", this.turned ? "true" : "false");
      board.dataset.reviewing = review ? "true" : "false";
      const at = new Map((review || v).squares.map((s) => [s.row + "," + s.col, s]));
      const last = review ? new Map(review.last_move.map((s) => [s, this.reviewedBy(v, review)])) : this.lastMoves(v);
      const live = review ? { selected: [], targets: [], movable: [] } : v;
      const hinted = !review && v.hint && v.hint.squares ? v.hint.squares : [];
      const selected = live.selected[live.selected.length - 1];
      const lifted = this.press && this.press.ghost ? this.press.from : null;
      const rows = [...Array(v.rows).keys()], cols = [...Array(v.cols).keys()];
      if (!flip) rows.reverse(); else cols.reverse();
      board.textContent = "";
      for (const row of rows) {
        const line = el("div", { class: "line", role: "row" });
        for (const col of cols) {
          const s = at.get(row + "," + col);
          const id = `checkers-${row}-${col}`;
          if (!s) {
            const name = String.fromCharCode(97 + col) + (row + 1);
            line.appendChild(el("div", { class: "sq light", role: "gridcell", id, "data-at": `${row},${col}`, "aria-label": `${name}, light square` }));
            continue;
          }
          const classes = ["sq", "dark"];
          if (last.has(s.square)) classes.push("last", "last-" + last.get(s.square));
          if (live.selected.includes(s.square) && s.square !== selected) classes.push("path");
          if (live.targets.includes(s.square) && live.selected.length > 0) classes.push("target");
          if (live.movable.includes(s.square) && live.selected.length === 0) classes.push("movable");
          if (hinted.includes(s.square)) classes.push("hint");
          const cell = el("div", {
            class: classes.join(" "), role: "gridcell", id, "data-square": s.square, "data-at": `${row},${col}`, title: s.square,
            "aria-label": this.squareLabel(s, classes),
            "aria-selected": s.square === selected ? "true" : "false",
            "data-target": classes.includes("target") ? "true" : null,
            "data-movable": classes.includes("movable") ? "true" : null,
            "data-last": last.get(s.square) || null,
            "data-hint": classes.includes("hint") ? "true" : null,
          });
          if (s.piece) {
            const color = s.piece.toLowerCase() === "b" ? "black" : "white";
            const lift = s.square === lifted ? " lifted" : "";
            const p = el("div", { class: `piece ${color}${s.taken ? " taken" : ""}${lift}`, "data-piece": s.piece, "data-taken": s.taken ? "true" : null });
            if (s.piece === "B" || s.piece === "W") p.innerHTML = CROWN;
            cell.appendChild(p);
          }
          line.appendChild(cell);
        }
        board.appendChild(line);
      }
      const ranks = $('[data-role="ranks"]', this.root);
      ranks.style.gridTemplateRows = `repeat(${v.rows}, 1fr)`;
      ranks.textContent = "";
      for (const row of rows) ranks.appendChild(el("span", { text: String(row + 1) }));
      const files = $('[data-role="files"]', this.root);
      files.style.gridTemplateColumns = `repeat(${v.cols}, 1fr)`;
      files.textContent = "";
      for (const col of cols) files.appendChild(el("span", { text: String.fromCharCode(97 + col) }));
    },

    // A dark square in words, for assistive technology: `c3, black man, can move`.
    squareLabel(s, classes) {
      const parts = [s.square, s.piece ? PIECE_NAMES[s.piece] : "empty"];
      if (classes.includes("movable")) parts.push("can move");
      if (classes.includes("target")) parts.push("a target");
      if (classes.includes("path")) parts.push("on the path");
      return parts.join(", ");
    },

    // The status line and the piece counts of the reviewed position, as the live ones.
    reviewedStatus(v, r) {
      const side = this.sideAfter(v, r.ply);
      const count = { black: { pieces: 0, kings: 0 }, white: { pieces: 0, kings: 0 } };
      for (const s of r.squares) {
        if (!s.piece) continue;
        const c = s.piece.toLowerCase() === "b" ? "black" : "white";
        count[c].pieces += 1;
        if (s.piece === s.piece.toUpperCase()) count[c].kings += 1;
      }
      const who = side === v.human ? "you" : "computer";
      const text = `ply ${r.ply} of ${v.plies}: ${side} to move (${who}) | black ${count.black.pieces} (${kings(count.black.kings)}) | white ${count.white.pieces} (${kings(count.white.kings)})`;
      return { text, count };
    },

    // Beside the board: status, counts, result, message, buttons, hint, count, moves.
    drawSide(v) {
      const r = this.reviewing;
      const shown = r ? this.reviewedStatus(v, r) : { text: v.status, count: v.counts };
      const status = $('[data-role="status"]', this.root);
      status.textContent = shown.text;
      status.dataset.reviewing = r ? "true" : "false";
      const counts = $('[data-role="counts"]', this.root);
      counts.textContent = "";
      counts.appendChild(el("span")); counts.appendChild(el("b", { text: "pieces" })); counts.appendChild(el("b", { text: "kings" }));
      for (const side of ["black", "white"]) {
        counts.appendChild(el("span", { text: side + (v.human === side ? " (you)" : " (computer)") }));
        counts.appendChild(el("span", { "data-count": side + "-pieces", text: String(shown.count[side].pieces) }));
        counts.appendChild(el("span", { "data-count": side + "-kings", text: String(shown.count[side].kings) }));
      }
      const result = $('[data-role="result"]', this.root);
      result.hidden = v.outcome === "ongoing";
      result.textContent = v.outcome === "ongoing" ? "" : "Game over: " + v.turn + ". Start a new game above.";
      say(this.root, v.message, false);
      this.showThinking(v.thinking);
      this.showMoves(v);
      $('[data-action="undo"]', this.root).disabled = !("can_undo" in v ? v.can_undo : v.plies > 0);
      $('[data-action="drop"]', this.root).disabled = v.selected.length === 0;
      $('[data-role="typed"]', this.root).elements.move.disabled = !v.your_turn;
      $('[data-role="setup"]', this.root).elements.seed.placeholder = String(v.seed);
      this.showCount(v.count);
      this.showHint(v);
      this.showReview(v);
      const box = $('[data-role="pdn"]', this.root);
      if (this.shownPdn === null || box.value === this.shownPdn) box.value = v.pdn;
      this.shownPdn = v.pdn;
    },

    // The moves, numbered, each a button that shows the position after it.
    showMoves(v) {
      const list = $('[data-role="moves"]', this.root);
      list.textContent = "";
      const start = this.sideAfter(v, 0);
      const now = this.reviewing ? this.reviewing.ply : v.plies;
      v.moves.forEach((text, i) => {
        const number = Math.floor((i + (start === "white" ? 1 : 0)) / 2) + 1;
        // A move number is kept on one line with its move.
        let into = list;
        const numbered = (label) => { into = el("span", { class: "pair" }); into.appendChild(el("span", { class: "num", text: label })); list.appendChild(into); };
        if (i === 0 && start === "white") numbered(`${number}... `);
        else if (this.sideAfter(v, i) === "black") numbered(`${number}. `);
        const by = this.sideAfter(v, i) === v.human ? "you" : "computer";
        into.appendChild(el("button", {
          type: "button", "data-ply": String(i + 1), "data-by": by, class: "ply " + by, text,
          title: `the position after ${text} (${by === "you" ? "your move" : "the computer's"})`,
          "aria-current": i + 1 === now ? "step" : null,
        }));
        list.appendChild(document.createTextNode(" "));
      });
      const current = $('[aria-current="step"]', list);
      if (current && list.scrollHeight > list.clientHeight) list.scrollTop = current.offsetTop - list.offsetTop - list.clientHeight / 2;
    },

    showHint(v) {
      const h = v.hint, out = $('[data-role="hint"]', this.root), button = $('[data-action="hint"]', this.root);
      const running = !!h && h.state === "running";
      out.dataset.state = h ? h.state : "idle";
      // A hint is searched for the position now: while an earlier one is shown, it says so.
      const now = this.reviewing ? ` for the position now (ply ${v.plies}), not the one shown` : "";
      button.textContent = running ? "Cancel hint" : this.reviewing ? "Hint for the position now" : "Hint";
      button.disabled = !running && !v.your_turn;
      if (!h) out.textContent = "";
      else if (running) { out.textContent = progress("hint" + now, h); this.refreshSoon(250); }
      else if (h.move && this.reviewing) out.textContent = `Hint${now}: ${h.move} (the strategy's move; “back to the game” shows it on the board).`;
      else if (h.move) out.textContent = `Hint: ${h.move} (the strategy's move, green on the board).`;
      else out.textContent = `The hint stopped: ${h.why || "no move"}.`;
    },

    // The review buttons: shown once a ply is played; "back to the game" while reviewing.
    showReview(v) {
      const box = $('[data-role="review"]', this.root);
      box.hidden = v.plies === 0;
      const r = this.reviewing, ply = r ? r.ply : v.plies;
      const move = r ? r.move : v.moves[v.moves.length - 1];
      $('[data-role="ply"]', this.root).textContent = `ply ${ply} of ${v.plies}` + (move && ply > 0 ? `: ${move}` : ": the start");
      for (const b of box.querySelectorAll("button[data-step]")) {
        const back = b.dataset.step === "first" || b.dataset.step === "back";
        b.disabled = back ? ply === 0 : ply === v.plies;
      }
      $('[data-role="live"]', this.root).hidden = !r;
      $('[data-action="continue"]', this.root).hidden = !r;
    },

    // While the computer's reply is searched in the background: "thinking…" with its
    // progress, and the view asked again until the reply is played.
    showThinking(t) {
      document.body.dataset.thinking = t ? "true" : "false";
      if (!t) return;
      const note = this.note ? ` ${this.note}` : "";
      say(this.root, `${this.view.message} The computer is thinking… ${t.positions.toLocaleString("en")} positions, ${t.seconds.toFixed(1)} s of at most ${t.limit_s} s.${note}`, false);
      this.refreshSoon(Math.max(150, (this.animating || 0) - performance.now() + 20));
    },

    showCount(c) {
      const out = $('[data-role="count"]', this.root);
      const running = c.state === "running";
      $('[data-action="count"]', this.root).disabled = running;
      $('[data-action="cancel"]', this.root).disabled = !running;
      out.dataset.state = c.state;
      out.textContent = c.state === "idle" ? "" : running ? progress("counting", c) : grouped(c.text);
      if (running) this.refreshSoon(250);
    },
  };

  Harness.board("checkers", checkers);
})();
