"use strict";
// The Nim board: draws the heaps of /api/nim and sends a take by a click on a stick (the
// stick and every one to its right). The server says how many may be taken.
(() => {
  const { $, api, el, say, countRender, openSection, fillForm } = Harness;

  const nim = {
    ...Harness.boardRequests("nim"),
    root: $('section[data-game="nim"]'),
    view: null,

    async open() {
      openSection("nim", "nim");
      const form = $('[data-role="setup"]', this.root);
      fillForm(form, ["heaps", "count", "maxtake", "seed"]);
      form.addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
      this.root.addEventListener("click", (e) => this.onClick(e));
      await this.resume(["heaps", "count", "maxtake", "seed"]);
    },

    async newGame() {
      const f = $('[data-role="setup"]', this.root).elements;
      const body = { heaps: f.heaps.value, count: f.count.value, maxtake: f.maxtake.value, seed: f.seed.value };
      const r = await api("POST", "/api/nim/new", body);
      if (!r.ok) { countRender(); return say(this.root, r.data.error, true); }
      this.render(r.data);
    },

    async onClick(e) {
      const stick = e.target.closest("[data-stick]");
      if (stick) {
        const heap = Number(stick.dataset.heap);
        const count = this.view.heaps[heap].sticks - Number(stick.dataset.stick);
        return this.send("/api/nim/take", { heap, count });
      }
      const button = e.target.closest("button[data-action]");
      if (!button || button.type === "submit") return;
      if (button.dataset.action === "undo") return this.send("/api/nim/undo", {});
      if (button.dataset.action === "hint") return this.hint();
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
        const sticks = el("div", { class: "sticks" });
        for (let j = 0; j < h.sticks; j++) {
          const far = h.sticks - j > h.most;
          sticks.appendChild(el("span", {
            class: "stick" + (far ? " far" : ""), "data-heap": String(h.heap), "data-stick": String(j),
            title: far ? `at most ${h.most} from this heap` : `take ${h.sticks - j} from heap ${h.heap}`,
          }));
        }
        board.appendChild(el("div", { class: "heap", "data-heap": String(h.heap), "data-sticks": String(h.sticks) }, [
          el("span", { class: "label", text: `heap ${h.heap}: ${h.sticks}` }), sticks,
        ]));
      }
      $('[data-role="status"]', this.root).textContent = v.status;
      const result = $('[data-role="result"]', this.root);
      result.hidden = v.outcome === "ongoing";
      result.textContent = v.outcome === "ongoing" ? "" : "Game over: " + v.transcript[v.transcript.length - 1];
      say(this.root, v.message, false);
      $('[data-role="reply"]', this.root).textContent = v.reply ? `Computer: ${v.reply.move} (${v.reply.why}).` : "";
      $('[data-role="hint"]', this.root).hidden = true;
      $('[data-role="transcript"]', this.root).textContent = v.transcript.join("\n");
      $('[data-action="undo"]', this.root).disabled = v.moves === 0;
      $('[data-action="hint"]', this.root).disabled = v.outcome !== "ongoing";
      $('[data-role="setup"]', this.root).elements.seed.placeholder = String(v.seed);
      countRender();
    },
  };

  Harness.board("nim", nim);
})();
