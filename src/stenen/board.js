"use strict";
// The tiling board: draws the cells and stones of /api/stenen; a stone placed by choosing
// an orientation and clicking a cell, the searches followed while they run in the
// background. The preview of a stone's cells is drawing only: the server decides.
(() => {
  const { $, api, el, say, countRender, openSection, fillForm, params, showSearch } = Harness;

  // Okabe-Ito's eight colours first, then twelve more; every stone also shows its number.
  const STONE_COLORS = ["#E69F00", "#56B4E9", "#009E73", "#F0E442", "#0072B2", "#D55E00", "#CC79A7", "#999999",
    "#A6CEE3", "#B2DF8A", "#FB9A99", "#FDBF6F", "#CAB2D6", "#FFFF99", "#1F78B4", "#33A02C", "#E31A1C", "#FF7F00", "#6A3D9A", "#B15928"];
  function stoneColor(n) { return STONE_COLORS[(n - 1) % STONE_COLORS.length]; }
  function inkOn(hex) {
    const v = parseInt(hex.slice(1), 16), r = v >> 16, g = (v >> 8) & 255, b = v & 255;
    return (0.299 * r + 0.587 * g + 0.114 * b) > 140 ? "#111" : "#fff";
  }
  function shapeSvg(o, color, unit) {
    const w = o.cols * unit, h = o.rows * unit;
    const rects = o.cells.map(([r, c]) => `<rect x="${c * unit}" y="${r * unit}" width="${unit}" height="${unit}" fill="${color}" stroke="#222" stroke-width="1"/>`).join("");
    return `<svg width="${w + 2}" height="${h + 2}" viewBox="-1 -1 ${w + 2} ${h + 2}" aria-hidden="true">${rects}</svg>`;
  }

  const stenen = {
    ...Harness.boardRequests("stenen"),
    root: $('section[data-game="stenen"]'),
    gameField: "stones",
    view: null,
    polling: null,
    stone: 0,
    orientation: 0,
    limitSet: false,

    async open() {
      openSection("stenen", "tiling");
      const form = $('[data-role="setup"]', this.root);
      fillForm(form, ["instance", "h", "b", "limit"]);
      form.elements.instance.addEventListener("change", () => {
        const opt = form.elements.instance.selectedOptions[0];
        form.elements.h.value = opt.dataset.h; form.elements.b.value = opt.dataset.b;
      });
      form.addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
      this.root.addEventListener("click", (e) => this.onClick(e));
      const board = $('[data-role="board"]', this.root);
      board.addEventListener("mouseover", (e) => this.preview(e.target.closest("[data-cell]")));
      board.addEventListener("mouseleave", () => this.preview(this.cursor && board.dataset.keys === "true" ? this.cursorCell() : null));
      board.addEventListener("keydown", (e) => this.onKey(e));
      board.addEventListener("pointerdown", () => { board.dataset.keys = "false"; });
      board.addEventListener("focus", () => { if (!this.cursor) this.cursor = { row: 0, col: 0 }; this.drawCursor(); });
      return this.resume(["instance", "h", "b"]);
    },

    async newGame() {
      const f = $('[data-role="setup"]', this.root).elements;
      const r = await api("POST", "/api/stenen/new", { instance: f.instance.value, height: f.h.value, width: f.b.value });
      if (!r.ok) {
        if (this.view) this.resumed(this.view);
        countRender();
        return say(this.root, r.data.error, true);
      }
      this.stone = 0;
      this.render(r.data);
    },

    async onClick(e) {
      const or = e.target.closest("button[data-orientation]");
      if (or) { this.stone = Number(or.dataset.stone); this.orientation = Number(or.dataset.orientation); return this.render(this.view); }
      const cell = e.target.closest("[data-cell]");
      if (cell) {
        if (!this.stone) return say(this.root, "Choose a stone and an orientation first (below the board).", true);
        const [row, col] = cell.dataset.cell.split(",").map(Number);
        return this.send("/api/stenen/place", { row, col, stone: this.stone, orientation: this.orientation });
      }
      const button = e.target.closest("button[data-action]");
      if (!button || button.type === "submit") return;
      const a = button.dataset.action;
      if (a === "undo") return this.send("/api/stenen/undo", {});
      if (a === "remove") return this.send("/api/stenen/remove", { stone: Number(button.dataset.stone) });
      if (a === "find" || a === "count") return this.search("/api/stenen/search", { what: a, mode: button.dataset.mode, limit_s: this.limit() });
      if (a === "cancel") return this.search("/api/stenen/search/cancel", {});
    },

    // ---- keys: the arrows move the cursor over the cells, Enter or Space places the
    // chosen stone's box with its top-left corner there.
    onKey(e) {
      const v = this.view;
      if (!v) return;
      const board = $('[data-role="board"]', this.root);
      board.dataset.keys = "true";
      const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      const c = this.cursor || { row: 0, col: 0 };
      if (e.key in steps) {
        e.preventDefault();
        const [dr, dc] = steps[e.key];
        this.cursor = { row: Math.min(v.height - 1, Math.max(0, c.row + dr)), col: Math.min(v.width - 1, Math.max(0, c.col + dc)) };
        return this.drawCursor();
      }
      if (e.key !== "Enter" && e.key !== " ") return;
      e.preventDefault();
      this.cursor = c;
      if (!this.stone) { countRender(); return say(this.root, "Choose a stone and an orientation first (below the board).", true); }
      return this.send("/api/stenen/place", { row: c.row, col: c.col, stone: this.stone, orientation: this.orientation });
    },

    cursorCell() { return this.cursor ? $(`[data-cell="${this.cursor.row},${this.cursor.col}"]`, this.root) : null; },

    // The cursor's cell: marked, named to assistive technology, and the chosen stone's
    // cells from it previewed.
    drawCursor() {
      const board = $('[data-role="board"]', this.root);
      for (const c of board.querySelectorAll(".st-cell.cursor")) c.classList.remove("cursor");
      const cell = this.cursorCell();
      if (!cell) { board.removeAttribute("aria-activedescendant"); return countRender(); }
      cell.classList.add("cursor");
      board.setAttribute("aria-activedescendant", cell.id);
      if (board.dataset.keys === "true") this.preview(cell);
      countRender();
    },

    // The form shows the board in play: after a reload, and after a refused new board.
    resumed(v) {
      const f = $('[data-role="setup"]', this.root).elements;
      Harness.chooseOption(f.instance, v.instance);
      f.h.value = String(v.height);
      f.b.value = String(v.width);
    },

    // The cells the chosen orientation would cover from `cell` (drawing only: the server
    // decides); a stone that would stick out or cover another is drawn red, and said.
    preview(cell) {
      for (const c of this.root.querySelectorAll(".st-cell.preview, .st-cell.anchor")) c.classList.remove("preview", "anchor", "misfit");
      const fit = $('[data-role="fit"]', this.root);
      fit.textContent = "";
      const s = this.view && this.view.stones[this.stone - 1];
      if (!cell || !s || s.placed) return;
      const [row, col] = cell.dataset.cell.split(",").map(Number);
      const cells = s.orientations[this.orientation].cells.map(([r, c]) => [row + r, col + c]);
      const v = this.view;
      const out = cells.some(([r, c]) => r >= v.height || c >= v.width);
      const covered = cells.filter(([r, c]) => r < v.height && c < v.width && v.cells[r][c] !== 0).map(([r, c]) => v.cells[r][c]);
      const misfit = out || covered.length > 0;
      cell.classList.add("anchor");
      if (misfit) cell.classList.add("misfit");
      for (const [r, c] of cells) {
        const t = this.root.querySelector(`[data-cell="${r},${c}"]`);
        if (t) t.classList.add("preview");
        if (t && misfit) t.classList.add("misfit");
      }
      if (out) fit.textContent = `Does not fit: stone ${s.stone} in orientation ${this.orientation} sticks out of the board from (${row},${col}).`;
      else if (covered.length) fit.textContent = `Does not fit: stone ${s.stone} would cover stone ${covered[0]} from (${row},${col}).`;
      fit.dataset.fit = misfit ? "no" : "yes";
    },

    render(v) {
      this.view = v;
      if (!this.limitSet && !params.has("limit")) $('[data-role="setup"]', this.root).elements.limit.value = String(v.limit_s);
      this.limitSet = true;
      const chosen = v.stones[this.stone - 1];
      if (!chosen || chosen.placed) {
        const next = v.stones.find((s) => !s.placed);
        this.stone = next ? next.stone : 0;
        if (!chosen || chosen.stone !== this.stone) this.orientation = 0;
      }
      const busy = v.search.state === "running";
      const shown = v.solution || v.cells;
      const board = $('[data-role="board"]', this.root);
      // Tracks of one size each, whatever a cell holds: the cells stay square.
      board.style.gridTemplateColumns = `repeat(${v.width}, minmax(0, 1fr))`;
      board.style.gridTemplateRows = `repeat(${v.height}, minmax(0, 1fr))`;
      board.style.setProperty("--aspect", `${v.width} / ${v.height}`);
      board.style.setProperty("--wide", String(v.width / Math.max(v.width, v.height)));
      board.dataset.solved = v.solution ? "true" : "false";
      board.textContent = "";
      for (let r = 0; r < v.height; r++) {
        for (let c = 0; c < v.width; c++) {
          const n = shown[r][c];
          const classes = ["st-cell", n ? "stone" : "empty"];
          if (n && v.cells[r][c] === 0) classes.push("found");
          if (n) {
            if (r === 0 || shown[r - 1][c] !== n) classes.push("et");
            if (r === v.height - 1 || shown[r + 1][c] !== n) classes.push("eb");
            if (c === 0 || shown[r][c - 1] !== n) classes.push("el");
            if (c === v.width - 1 || shown[r][c + 1] !== n) classes.push("er");
          }
          const cell = el("div", { class: classes.join(" "), role: "gridcell", id: `stenen-${r}-${c}`, "data-cell": `${r},${c}`, "data-stone-on": n ? String(n) : null,
            title: `(${r},${c})` + (n ? `: stone ${n}` : ""), "aria-label": `row ${r}, column ${c}: ` + (n ? `stone ${n}` : "empty") });
          if (n) { cell.style.backgroundColor = stoneColor(n); cell.style.color = inkOn(stoneColor(n)); cell.textContent = String(n); }
          board.appendChild(cell);
        }
      }
      const list = $('[data-role="stones"]', this.root);
      list.textContent = "";
      for (const s of v.stones) {
        const color = stoneColor(s.stone);
        const swatch = el("span", { class: "swatch" });
        swatch.style.background = color;
        const where = s.placed ? `on the board at ${s.placed}` : (s.identical_to ? `identical to stone ${s.identical_to}` : "to place");
        const label = el("span", { class: "label" }, [swatch, el("b", { text: `stone ${s.stone}` }), el("span", { text: ` · ${s.size} cells · ${where}` })]);
        const row = el("div", { class: "st-stone" + (s.placed ? " placed" : ""), "data-stone-row": String(s.stone) }, [label]);
        for (const o of s.orientations) {
          const b = el("button", { type: "button", class: "st-or" + (o.same_as !== null ? " same" : ""), "data-stone": String(s.stone), "data-orientation": String(o.orientation),
            "aria-pressed": s.stone === this.stone && o.orientation === this.orientation ? "true" : "false", disabled: (s.placed || busy) ? "disabled" : null,
            title: `stone ${s.stone}, orientation ${o.orientation}` + (o.same_as !== null ? ` (the same cells as orientation ${o.same_as})` : "") });
          b.innerHTML = shapeSvg(o, color, 7);
          b.appendChild(el("span", { text: o.same_as !== null ? `${o.orientation} = ${o.same_as}` : String(o.orientation) }));
          row.appendChild(b);
        }
        if (s.placed) row.appendChild(el("button", { type: "button", "data-action": "remove", "data-stone": String(s.stone), disabled: busy ? "disabled" : null, text: "take off" }));
        list.appendChild(row);
      }
      $('[data-role="status"]', this.root).textContent = v.status;
      const result = $('[data-role="result"]', this.root);
      result.hidden = !(v.full || v.solution);
      result.textContent = v.full ? "The board is full: a tiling by hand." : (v.solution ? `A tiling: the ${v.search.mode} search placed the hatched stones.` : "");
      say(this.root, v.message, false);
      $('[data-role="choice"]', this.root).textContent = this.stone
        ? `Chosen: stone ${this.stone}, orientation ${this.orientation}; a click on cell (row,col) places (row,col,${this.stone},${this.orientation}).`
        : "Every stone is on the board.";
      $('[data-role="moves"]', this.root).textContent = v.placements.length ? "placed: " + v.placements.map((p) => p.text).join(" ") : "";
      $('[data-action="undo"]', this.root).disabled = busy || v.placements.length === 0;
      for (const b of this.root.querySelectorAll('[data-action="find"], [data-action="count"]')) b.disabled = busy;
      $('[data-action="cancel"]', this.root).disabled = !busy;
      if (showSearch($('[data-role="search"]', this.root), v.search)) this.refreshSoon(250);
      if (this.cursor && (this.cursor.row >= v.height || this.cursor.col >= v.width)) this.cursor = null;
      this.drawCursor();
    },
  };

  Harness.board("stenen", stenen);
})();
