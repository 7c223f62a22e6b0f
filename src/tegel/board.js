"use strict";
// The tile game's board: draws the bowls, the pot and both players' rows of /api/tegel;
// a take, a computer move or an advice is asked of the server, a search followed while
// it runs in the background.
(() => {
  const { $, api, el, say, countRender, openSection, fillForm, showSearch } = Harness;

  const tegel = {
    ...Harness.boardRequests("tegel"),
    root: $('section[data-game="tegel"]'),
    gameField: "bowls",
    view: null,
    polling: null,

    async open() {
      openSection("tegel", "tile game");
      const form = $('[data-role="setup"]', this.root);
      fillForm(form, ["instance", "sims", "seed", "limit"]);
      form.addEventListener("submit", (e) => { e.preventDefault(); this.newGame(); });
      this.root.addEventListener("click", (e) => this.onClick(e));
      await this.resume(["instance", "sims", "seed"]);
    },

    async newGame() {
      const f = $('[data-role="setup"]', this.root).elements;
      const r = await api("POST", "/api/tegel/new", { instance: f.instance.value, sims: f.sims.value, seed: f.seed.value });
      if (!r.ok) {
        if (this.view) this.resumed(this.view);
        countRender();
        return say(this.root, r.data.error, true);
      }
      this.render(r.data);
    },

    // The form shows the game in play: after a reload, and after a refused new game.
    resumed(v) {
      const f = $('[data-role="setup"]', this.root).elements;
      Harness.chooseOption(f.instance, v.instance);
      f.sims.value = String(v.sims);
      f.seed.value = String(v.seed);
    },

    // The moves in order, each with the player who made it (the players take turns, so
    // the last move is the other player's than the one to move).
    movesByPlayer(v) {
      const n = v.history.length;
      return v.history.map((m, i) => `player ${(v.to_move + n - i) % 2} ${m}`).join(", ");
    },

    async onClick(e) {
      const take = e.target.closest("button[data-bowl]");
      if (take) return this.send("/api/tegel/take", { bowl: Number(take.dataset.bowl), color: take.dataset.color });
      const button = e.target.closest("button[data-action]");
      if (!button || button.type === "submit") return;
      const a = button.dataset.action;
      if (a === "undo") return this.send("/api/tegel/undo", {});
      if (a === "greedy") return this.send("/api/tegel/computer", { player: "greedy" });
      if (a === "good" || a === "best") return this.search("/api/tegel/computer", { player: a, limit_s: this.limit() });
      if (a === "advice-best" || a === "advice-good") return this.search("/api/tegel/advice", { search: a.slice(7), limit_s: this.limit() });
      if (a === "cancel") return this.search("/api/tegel/search/cancel", {});
    },

    render(v) {
      this.view = v;
      $('[data-role="pot"]', this.root).textContent = `pot (${v.pot.length} tiles): ${v.pot || "(empty)"}`;
      const bowls = $('[data-role="bowls"]', this.root);
      bowls.textContent = "";
      const busy = v.search.state === "running";
      for (const b of v.bowls) {
        const tiles = el("div", { class: "tiles" });
        for (const c of ["g", "b"]) for (let i = 0; i < b[c]; i++) tiles.appendChild(el("span", { class: "tile " + c }));
        const buttons = [];
        for (const [c, name] of [["g", "yellow"], ["b", "blue"]]) {
          if (b[c] === 0) continue;
          buttons.push(el("button", { type: "button", "data-bowl": String(b.bowl), "data-color": c, "data-legal": b.legal[c] ? "true" : "false",
            disabled: (!b.legal[c] || busy) ? "disabled" : null, text: `take ${b[c]} ${name}` }));
        }
        bowls.appendChild(el("div", { class: "tg-bowl", "data-bowl-view": String(b.bowl) }, [el("b", { text: `bowl ${b.bowl}` }), tiles, ...buttons]));
      }
      const boards = $('[data-role="board"]', this.root);
      boards.textContent = "";
      v.players.forEach((p, i) => {
        const box = el("div", { class: "tg-board" + (i === v.to_move && !v.end ? " to-move" : ""), "data-player": String(i) }, [
          el("b", { text: `player ${i}: ${p.full_rows} full rows` + (i === v.to_move && !v.end ? " (to move)" : "") }),
        ]);
        p.rows.forEach((r, ri) => {
          const row = el("div", { class: "tg-row" + (r.fill === v.row_len ? " full" : ""), "data-row": `${i},${ri}`, "data-fill": String(r.fill) });
          for (let c = 0; c < v.row_len; c++) row.appendChild(el("span", { class: "cell" + (c < r.fill ? " " + r.color : "") }));
          box.appendChild(row);
        });
        boards.appendChild(box);
      });
      $('[data-role="status"]', this.root).textContent = v.status;
      const result = $('[data-role="result"]', this.root);
      result.hidden = !v.end;
      result.textContent = v.end ? `Game over: score ${v.score} for player ${v.to_move} (full rows ${v.players[v.to_move].full_rows} against ${v.players[1 - v.to_move].full_rows}).` : "";
      say(this.root, v.message, false);
      $('[data-role="moves"]', this.root).textContent = v.history.length ? "moves: " + this.movesByPlayer(v) : "";
      for (const a of ["undo", "greedy", "good", "best", "advice-best", "advice-good"]) {
        $(`[data-action="${a}"]`, this.root).disabled = busy || (a === "undo" ? v.history.length === 0 : v.end);
      }
      $('[data-action="cancel"]', this.root).disabled = !busy;
      if (showSearch($('[data-role="search"]', this.root), v.search)) this.refreshSoon(250);
      countRender();
    },
  };

  Harness.board("tegel", tegel);
})();
