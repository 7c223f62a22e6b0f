"use strict";
// The checkers board: draws the view of /api/checkers (from the side of the human's
// colour), and sends the player's clicks, drags, keys and typed moves. The server says
// which squares are movable, selected and targets; the page applies no rule.
(() => {
  const { $, api, el, say, countRender, openSection, fillForm, params, progress } = Harness;
  const CROWN = '<svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 18h18l-1.5-10-4.5 4-3-7-3 7-4.5-4z" fill="#e0b020" stroke="#7a5a00" stroke-width="1.2"/></svg>';
  const SETUP = ["m", "n", "r", "color", "computer", "seed", "position", "side"];
  // Arrow keys as steps on the screen: [rows up, columns right].
  const ARROWS = { ArrowUp: [1, 0], ArrowDown: [-1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

  const checkers = {
    ...Harness.boardRequests("checkers"),
    root: $('section[data-game="checkers"]'),
    view: null,
    polling: null,
    cursor: null,
    drag: null,
    reviewing: null,
    shownPdn: "",

    async open() {
      openSection("checkers", "checkers");
      const form = $('[data-role="setup"]', this.root);
      fillForm(form, ["m", "n", "r", "color", "computer", "seed"]);
      form.addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
      this.root.addEventListener("click", (e) => this.onClick(e));
      $('[data-role="typed"]', this.root).addEventListener("submit", (e) => { e.preventDefault(); this.typed(); });
      const board = $('[data-role="board"]', this.root);
      board.addEventListener("keydown", (e) => this.onKey(e));
      board.addEventListener("focus", () => { if (!this.cursor && this.view) { this.cursor = this.firstCursor(); this.drawCursor(); } });
      board.addEventListener("pointerdown", (e) => this.dragStart(e));
      window.addEventListener("pointermove", (e) => this.dragMove(e));
      window.addEventListener("pointerup", (e) => this.dragEnd(e));
      await this.resume(SETUP);
    },

    settings() {
      const f = $('[data-role="setup"]', this.root).elements;
      const body = { rows: f.m.value, cols: f.n.value, men_rows: f.r.value, color: f.color.value, computer: f.computer.value, seed: f.seed.value };
      if (params.has("position")) { body.position = params.get("position"); body.side = params.get("side") || "black"; }
      return body;
    },

    async newGame(moves) {
      const body = this.settings();
      if (moves !== undefined) body.moves = moves;
      const r = await api("POST", "/api/checkers/new", body);
      if (!r.ok) { countRender(); return say(this.root, r.data.error, true); }
      this.cursor = null;
      this.shownPdn = null;
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

    // ---- stepping through a finished game: the position after a ply, as the server
    // kept it; the last ply is the board itself.
    async step(where) {
      const v = this.view;
      const now = this.reviewing ? this.reviewing.ply : v.plies;
      const ply = { first: 0, back: now - 1, forward: now + 1, last: v.plies }[where];
      if (ply < 0 || ply > v.plies) return countRender();
      if (ply === v.plies) { this.reviewing = null; return this.render(v); }
      const r = await api("POST", "/api/checkers/review", { ply });
      if (!r.ok) { countRender(); return say(this.root, r.data.error, true); }
      this.reviewing = r.data;
      this.render(v);
    },

    // After a reload: the setup form shows the kept game's size, colour and computer.
    resumed(v) {
      const f = $('[data-role="setup"]', this.root).elements;
      f.m.value = String(v.rows); f.n.value = String(v.cols); f.r.value = String(v.men_rows); f.color.value = v.human;
      const kind = v.computer.split(":")[0];
      if ([...f.computer.options].some((o) => o.value === kind)) f.computer.value = kind;
    },

    async onClick(e) {
      if (this.dragged) { this.dragged = false; return; }
      const square = e.target.closest("[data-square]");
      if (square) return this.clickSquare(square.dataset.square);
      const button = e.target.closest("button[data-action]");
      if (!button || button.type === "submit") return;
      const action = button.dataset.action;
      if (action === "undo") return this.send("/api/checkers/undo", {});
      if (action === "drop") return this.send("/api/checkers/drop", {});
      if (action === "hint") return this.search(this.view.hint && this.view.hint.state === "running" ? "/api/checkers/hint/cancel" : "/api/checkers/hint", {});
      if (action === "review") return this.step(button.dataset.step);
      if (action === "copy") return this.copy();
      if (action === "load") return this.load();
      if (action === "count") return this.search("/api/checkers/count", {});
      if (action === "cancel") return this.search("/api/checkers/count/cancel", {});
    },

    clickSquare(name) {
      const s = this.view && this.view.squares.find((q) => q.square === name);
      if (s) this.cursor = { row: s.row, col: s.col };
      return this.send("/api/checkers/click", { square: name });
    },

    async typed() {
      const input = $('[data-role="typed"]', this.root).elements.move;
      const r = await api("POST", "/api/checkers/move", { move: input.value });
      if (r.ok) { input.value = ""; return this.render(r.data); }
      countRender();
      say(this.root, r.data.error, true);
    },

    // ---- keys: arrows move the cursor over the board as it is drawn, Enter or Space
    // clicks the square under it, Escape drops the selection.
    onKey(e) {
      const v = this.view;
      if (!v) return;
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
      if (s) return this.send("/api/checkers/click", { square: s.square });
      countRender();
      say(this.root, "A light square: pieces stand on the dark squares only.", true);
    },

    // Where the cursor starts: on the first piece that can move, else the bottom left.
    firstCursor() {
      const v = this.view;
      const s = v.squares.find((q) => v.movable.includes(q.square)) || v.squares[0];
      return s ? { row: s.row, col: s.col } : { row: 0, col: 0 };
    },

    drawCursor() {
      for (const c of this.root.querySelectorAll(".sq.cursor")) { c.classList.remove("cursor"); delete c.dataset.cursor; }
      if (!this.cursor) return countRender();
      const cell = $(`[data-at="${this.cursor.row},${this.cursor.col}"]`, this.root);
      if (cell) { cell.classList.add("cursor"); cell.dataset.cursor = "true"; }
      countRender();
    },

    // ---- drag and drop: a piece that may move is picked up and dropped on a square; that
    // is the click on its square and the click on the square it lands on.
    dragStart(e) {
      const square = e.target.closest("[data-square]");
      if (!square || e.button !== 0 || !square.querySelector("[data-piece]")) return;
      if (square.dataset.movable !== "true" && square.getAttribute("aria-selected") !== "true") return;
      this.drag = { from: square.dataset.square, x: e.clientX, y: e.clientY, ghost: null };
    },

    dragMove(e) {
      const d = this.drag;
      if (!d) return;
      if (!d.ghost) {
        if (Math.hypot(e.clientX - d.x, e.clientY - d.y) < 6) return;
        const piece = $(`[data-square="${d.from}"] [data-piece]`, this.root);
        if (!piece) { this.drag = null; return; }
        const box = piece.getBoundingClientRect();
        d.ghost = piece.cloneNode(true);
        d.ghost.classList.add("ghost");
        d.ghost.style.width = box.width + "px";
        d.ghost.style.height = box.height + "px";
        document.body.appendChild(d.ghost);
        piece.classList.add("lifted");
      }
      d.ghost.style.left = e.clientX + "px";
      d.ghost.style.top = e.clientY + "px";
    },

    async dragEnd(e) {
      const d = this.drag;
      this.drag = null;
      if (!d || !d.ghost) return;
      d.ghost.remove();
      this.dragged = true;
      setTimeout(() => { this.dragged = false; }, 0);
      const target = document.elementFromPoint(e.clientX, e.clientY);
      const to = target && target.closest(`section[data-game="checkers"] [data-square]`);
      if (!to || to.dataset.square === d.from) return this.render(this.view);
      const v = this.view;
      if (v.selected[v.selected.length - 1] !== d.from) await this.clickSquare(d.from);
      return this.clickSquare(to.dataset.square);
    },

    flipped() { return this.view && this.view.human === "white"; },

    // The squares of the last moves: the computer's and the player's own, each marked.
    lastMoves(v) {
      const by = new Map();
      for (const m of v.last_moves || [{ by: "computer", squares: v.last_move }]) for (const s of m.squares) if (!by.has(s)) by.set(s, m.by);
      return by;
    },

    render(v) {
      this.view = v;
      if (v.outcome === "ongoing" || (this.reviewing && this.reviewing.plies !== v.plies)) this.reviewing = null;
      this.drawBoard(v, this.reviewing);
      this.drawSide(v);
      this.drawCursor();
    },

    // The board: the game as it stands, or the position `review` of a finished game.
    drawBoard(v, review) {
      const flip = this.flipped();
      const board = $('[data-role="board"]', this.root);
      board.style.gridTemplateColumns = `repeat(${v.cols}, 1fr)`;
      board.style.gridTemplateRows = `repeat(${v.rows}, 1fr)`;
      board.style.setProperty("--aspect", `${v.cols} / ${v.rows}`);
      board.dataset.flipped = flip ? "true" : "false";
      board.dataset.reviewing = review ? "true" : "false";
      const at = new Map((review || v).squares.map((s) => [s.row + "," + s.col, s]));
      const last = review ? new Map(review.last_move.map((s) => [s, "review"])) : this.lastMoves(v);
      const live = review ? { selected: [], targets: [], movable: [] } : v;
      const hinted = !review && v.hint && v.hint.squares ? v.hint.squares : [];
      const selected = live.selected[live.selected.length - 1];
      const rows = [...Array(v.rows).keys()], cols = [...Array(v.cols).keys()];
      if (!flip) rows.reverse(); else cols.reverse();
      board.textContent = "";
      for (const row of rows) {
        for (const col of cols) {
          const s = at.get(row + "," + col);
          if (!s) { board.appendChild(el("div", { class: "sq light", role: "gridcell", "data-at": `${row},${col}` })); continue; }
          const classes = ["sq", "dark"];
          if (last.has(s.square)) classes.push("last", "last-" + last.get(s.square));
          if (live.selected.includes(s.square) && s.square !== selected) classes.push("path");
          if (live.targets.includes(s.square) && live.selected.length > 0) classes.push("target");
          if (live.movable.includes(s.square) && live.selected.length === 0) classes.push("movable");
          if (hinted.includes(s.square)) classes.push("hint");
          const cell = el("div", {
            class: classes.join(" "), role: "gridcell", "data-square": s.square, "data-at": `${row},${col}`, title: s.square,
            "aria-selected": s.square === selected ? "true" : "false",
            "data-target": classes.includes("target") ? "true" : null,
            "data-movable": classes.includes("movable") ? "true" : null,
            "data-last": last.get(s.square) || null,
            "data-hint": classes.includes("hint") ? "true" : null,
          });
          if (s.piece) {
            const color = s.piece.toLowerCase() === "b" ? "black" : "white";
            const p = el("div", { class: `piece ${color}${s.taken ? " taken" : ""}`, "data-piece": s.piece, "data-taken": s.taken ? "true" : null });
            if (s.piece === "B" || s.piece === "W") p.innerHTML = CROWN;
            cell.appendChild(p);
          }
          board.appendChild(cell);
        }
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

    // Beside the board: status, counts, result, message, buttons, hint, count, moves.
    drawSide(v) {
      $('[data-role="status"]', this.root).textContent = v.status;
      const counts = $('[data-role="counts"]', this.root);
      counts.textContent = "";
      counts.appendChild(el("span")); counts.appendChild(el("b", { text: "pieces" })); counts.appendChild(el("b", { text: "kings" }));
      for (const side of ["black", "white"]) {
        counts.appendChild(el("span", { text: side + (v.human === side ? " (you)" : " (computer)") }));
        counts.appendChild(el("span", { "data-count": side + "-pieces", text: String(v.counts[side].pieces) }));
        counts.appendChild(el("span", { "data-count": side + "-kings", text: String(v.counts[side].kings) }));
      }
      const result = $('[data-role="result"]', this.root);
      result.hidden = v.outcome === "ongoing";
      result.textContent = v.outcome === "ongoing" ? "" : "Game over: " + v.turn + ". Start a new game above.";
      say(this.root, v.message, false);
      this.showThinking(v.thinking);
      $('[data-role="moves"]', this.root).textContent = v.moves.length ? "moves: " + v.moves.join(" ") : "";
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

    showHint(v) {
      const h = v.hint, out = $('[data-role="hint"]', this.root), button = $('[data-action="hint"]', this.root);
      const running = !!h && h.state === "running";
      out.dataset.state = h ? h.state : "idle";
      button.textContent = running ? "Cancel hint" : "Hint";
      button.disabled = !running && !v.your_turn;
      if (!h) out.textContent = "";
      else if (running) { out.textContent = progress("hint", h); this.refreshSoon(250); }
      else if (h.move) out.textContent = `Hint: ${h.move} (the strategy's move, green on the board).`;
      else out.textContent = `The hint stopped: ${h.why || "no move"}.`;
    },

    showReview(v) {
      const box = $('[data-role="review"]', this.root);
      box.hidden = v.outcome === "ongoing";
      const r = this.reviewing, ply = r ? r.ply : v.plies;
      const move = r ? r.move : v.moves[v.moves.length - 1];
      $('[data-role="ply"]', this.root).textContent = `ply ${ply} of ${v.plies}` + (move && ply > 0 ? `: ${move}` : ": the start");
      for (const b of box.querySelectorAll("button")) {
        const back = b.dataset.step === "first" || b.dataset.step === "back";
        b.disabled = back ? ply === 0 : ply === v.plies;
      }
    },

    // While the computer's reply is searched in the background: "thinking…" with its
    // progress, and the view asked again until the reply is played.
    showThinking(t) {
      document.body.dataset.thinking = t ? "true" : "false";
      if (!t) return;
      say(this.root, `${this.view.message} The computer is thinking… ${t.positions.toLocaleString("en")} positions, ${t.seconds.toFixed(1)} s of at most ${t.limit_s} s`, false);
      this.refreshSoon(150);
    },

    showCount(c) {
      const out = $('[data-role="count"]', this.root);
      const running = c.state === "running";
      $('[data-action="count"]', this.root).disabled = running;
      $('[data-action="cancel"]', this.root).disabled = !running;
      out.dataset.state = c.state;
      out.textContent = c.state === "idle" ? "" : running ? progress("counting", c) : c.text;
      if (running) this.refreshSoon(250);
    },
  };

  Harness.board("checkers", checkers);
})();
