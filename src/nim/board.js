"use strict";
// The Nim board: draws the heaps of /api/nim and sends a take: a click on a stick (the
// stick and every one to its right), or with the keys (a heap and a number chosen, then
// Enter). The server says how many may be taken.
(() => {
  const { $, api, el, say, countRender, openSection, fillForm } = Harness;
  const SETUP = ["heaps", "count", "maxtake", "seed"];
  const sticksWord = (n) => (n === 1 ? "1 stick" : `${n} sticks`);

  const nim = {
    ...Harness.boardRequests("nim"),
    root: $('section[data-game="nim"]'),
    gameField: "heaps",
    view: null,
    // The take chosen with the keys: a heap and how many sticks.
    pick: null,

    async open() {
      openSection("nim", "nim");
      const form = $('[data-role="setup"]', this.root);
      fillForm(form, SETUP);
      form.addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
      this.root.addEventListener("click", (e) => this.onClick(e));
      const board = $('[data-role="board"]', this.root);
      board.addEventListener("keydown", (e) => this.onKey(e));
      // The keys' choice shows when the heaps are reached with the keys, never after a
      // click (it would look like a move waiting to be made).
      board.addEventListener("focus", () => { if (!this.pick && board.dataset.keys !== "false") this.choose(this.firstHeap(), 1); });
      board.addEventListener("blur", () => { delete board.dataset.keys; });
      board.addEventListener("pointerdown", () => { board.dataset.keys = "false"; this.unchoose(); });
      await this.resume(SETUP);
    },

    async newGame() {
      const f = $('[data-role="setup"]', this.root).elements;
      const body = { heaps: f.heaps.value, count: f.count.value, maxtake: f.maxtake.value, seed: f.seed.value };
      const r = await api("POST", "/api/nim/new", body);
      if (!r.ok) {
        if (this.view) this.resumed(this.view);
        countRender();
        return say(this.root, r.data.error, true);
      }
      this.pick = null;
      this.render(r.data);
    },

    // The form shows the game in play: its first heaps, their number, the limit.
    resumed(v) {
      const f = $('[data-role="setup"]', this.root).elements;
      const first = (v.transcript[0] || "").replace(/^Heaps:\s*/, "");
      if (first) { f.heaps.value = first; f.count.value = String(first.split(/\s+/).length); }
      f.maxtake.value = String(v.maxtake);
      f.seed.value = "";
    },

    async onClick(e) {
      const stick = e.target.closest("[data-stick]");
      if (stick) {
        const heap = Number(stick.dataset.heap);
        const count = this.view.heaps[heap].sticks - Number(stick.dataset.stick);
        return this.take(heap, count);
      }
      const button = e.target.closest("button[data-action]");
      if (!button || button.type === "submit") return;
      if (button.dataset.action === "undo") return this.send("/api/nim/undo", {});
      if (button.dataset.action === "hint") return this.hint();
    },

    take(heap, count) {
      if (this.pick) this.pick.count = 1;
      return this.send("/api/nim/take", { heap, count });
    },

    // ---- keys: up and down choose the heap, left and right (or a digit) how many sticks,
    // Enter or Space takes them.
    onKey(e) {
      const v = this.view;
      if (!v || v.outcome !== "ongoing") return;
      $('[data-role="board"]', this.root).dataset.keys = "true";
      const p = this.pick || { heap: this.firstHeap(), count: 1 };
      const heaps = v.heaps.length;
      let { heap, count } = p;
      if (e.key === "ArrowUp" || e.key === "ArrowDown") heap = (heap + (e.key === "ArrowUp" ? heaps - 1 : 1)) % heaps;
      else if (e.key === "ArrowLeft") count -= 1;
      else if (e.key === "ArrowRight") count += 1;
      else if (/^[1-9]$/.test(e.key)) count = Number(e.key);
      else if (e.key === "Enter" || e.key === " ") { e.preventDefault(); return this.take(heap, count); }
      else return;
      e.preventDefault();
      const sticks = v.heaps[heap].sticks;
      count = Math.max(1, Math.min(count, Math.max(sticks, 1)));
      this.choose(heap, count);
    },

    // The first heap that has sticks (else heap 0).
    firstHeap() {
      const h = this.view ? this.view.heaps.find((x) => x.sticks > 0) : null;
      return h ? h.heap : 0;
    },

    // No take chosen with the keys: nothing marked, nothing said.
    unchoose() {
      this.pick = null;
      const board = $('[data-role="board"]', this.root);
      for (const h of board.querySelectorAll(".heap.chosen")) { h.classList.remove("chosen"); h.setAttribute("aria-selected", "false"); }
      for (const s of board.querySelectorAll(".stick.pick")) s.classList.remove("pick");
      board.removeAttribute("aria-activedescendant");
      $('[data-role="pick"]', this.root).textContent = "";
    },

    // Marks the take chosen with the keys and says it in words (nothing once the game is over).
    choose(heap, count) {
      if (!this.view || !this.view.heaps[heap]) return countRender();
      if (this.view.outcome !== "ongoing") { this.unchoose(); return countRender(); }
      this.pick = { heap, count };
      const board = $('[data-role="board"]', this.root);
      for (const h of board.querySelectorAll(".heap")) {
        const chosen = Number(h.dataset.heap) === heap;
        h.classList.toggle("chosen", chosen);
        h.setAttribute("aria-selected", chosen ? "true" : "false");
      }
      for (const s of board.querySelectorAll(".stick")) {
        const own = Number(s.dataset.heap) === heap;
        s.classList.toggle("pick", own && this.view.heaps[heap].sticks - Number(s.dataset.stick) <= count);
      }
      board.setAttribute("aria-activedescendant", `nim-heap-${heap}`);
      const h = this.view.heaps[heap];
      const note = h.sticks === 0 ? `heap ${heap} is empty` : `take ${count} from heap ${heap} (${sticksWord(h.sticks)}, at most ${h.most}): Enter`;
      $('[data-role="pick"]', this.root).textContent = note;
      countRender();
    },

    async hint() {
      const r = await api("GET", "/api/nim/hint");
      const out = $('[data-role="hint"]', this.root);
      if (!r.ok) { countRender(); return say(this.root, r.data.error, true); }
      out.hidden = false;
      out.textContent = r.data.text.join("\n");
      out.dataset.value = String(r.data.value);
      for (const [heap, count] of r.data.winning_moves) {
        const sticks = this.root.querySelectorAll(`[data-heap="${heap}"] [data-stick]`);
        const first = sticks.length - count;
        if (sticks[first]) sticks[first].classList.add("hinted");
      }
      countRender();
    },

    render(v) {
      this.view = v;
      const board = $('[data-role="board"]', this.root);
      board.textContent = "";
      for (const h of v.heaps) {
        const sticks = el("div", { class: "sticks", "aria-hidden": "true" });
        for (let j = 0; j < h.sticks; j++) {
          const far = h.sticks - j > h.most;
          sticks.appendChild(el("span", {
            class: "stick" + (far ? " far" : ""), "data-heap": String(h.heap), "data-stick": String(j),
            title: far ? `at most ${h.most} from this heap` : `take ${sticksWord(h.sticks - j)} from heap ${h.heap}`,
          }));
        }
        // The sticks the computer took last, drawn faint where they were.
        const took = v.reply && v.reply.heap === h.heap ? v.reply.count : 0;
        for (let j = 0; j < took; j++) sticks.appendChild(el("span", { class: "stick taken", "data-taken-by": "computer", title: `the computer took ${sticksWord(took)} from heap ${h.heap}` }));
        const label = el("span", { class: "label", text: `heap ${h.heap}: ${h.sticks}` });
        if (took) label.appendChild(el("span", { class: "took", text: `computer took ${took}` }));
        board.appendChild(el("div", {
          class: "heap", id: `nim-heap-${h.heap}`, role: "option", "aria-selected": "false",
          "aria-label": `heap ${h.heap}: ${sticksWord(h.sticks)}` + (took ? `; the computer took ${sticksWord(took)}` : ""), "data-heap": String(h.heap), "data-sticks": String(h.sticks),
        }, [label, sticks]));
      }
      $('[data-role="status"]', this.root).textContent = v.status;
      const result = $('[data-role="result"]', this.root);
      result.hidden = v.outcome === "ongoing";
      result.textContent = v.outcome === "ongoing" ? "" : "Game over: " + v.transcript[v.transcript.length - 1];
      say(this.root, v.message, false);
      $('[data-role="reply"]', this.root).textContent = v.reply ? `Computer: ${v.reply.move} (${v.reply.why}).` : "";
      $('[data-role="hint"]', this.root).hidden = true;
      const transcript = $('[data-role="transcript"]', this.root);
      transcript.textContent = v.transcript.join("\n");
      transcript.scrollTop = transcript.scrollHeight;
      $('[data-action="undo"]', this.root).disabled = v.moves === 0;
      $('[data-action="hint"]', this.root).disabled = v.outcome !== "ongoing";
      const f = $('[data-role="setup"]', this.root).elements;
      f.seed.placeholder = String(v.seed);
      f.heaps.placeholder = (v.transcript[0] || "").replace(/^Heaps:\s*/, "") || f.heaps.placeholder;
      $('[data-role="pick"]', this.root).textContent = "";
      // The keys go on from the heap they chose, or the first one left.
      const kept = this.pick && v.heaps[this.pick.heap] && v.heaps[this.pick.heap].sticks > 0 ? this.pick.heap : this.firstHeap();
      if (this.pick && document.activeElement === board && v.outcome === "ongoing") this.choose(kept, 1);
      else this.pick = null;
      countRender();
    },
  };

  Harness.board("nim", nim);
})();
