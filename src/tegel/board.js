"use strict";
// The tile game's board: draws the bowls, the pot and both players' rows of /api/tegel;
// a take, a computer move or an advice is asked of the server, a search followed while
// it runs in the background.
(() => {
  const { $, api, el, say, countRender, openSection, fillForm, showSearch } = Harness;
  const COLORS = { g: "yellow", b: "blue" };
  // A move as the harness writes it, `(0,g)`, in words: `bowl 0, yellow`; a Monte Carlo
  // average `(0,g)=0.2500` as `bowl 0, yellow: 0.2500`.
  const words = (text) => String(text || "").replace(/\((\d+),([gb])\)(?:=(-?[\d.]+))?( ?)/g,
    (m, bowl, c, average, space) => average !== undefined ? `bowl ${bowl}, ${COLORS[c]}: ${average}${space ? "; " : ""}` : `bowl ${bowl}, ${COLORS[c]}${space}`);
  const tilesWord = (n) => (n === 1 ? "1 tile" : `${n} tiles`);
  const fullRows = (n) => `${n} full ${n === 1 ? "row" : "rows"}`;
  // A message in words; a take's message names its bowl and colour already.
  const said = (text) => words(String(text || "").replace(/^(Player \d+ took the (?:yellow|blue) tiles of bowl \d+): \(\d+,[gb]\)\./, "$1."));

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
      return v.history.map((m, i) => `player ${(v.to_move + n - i) % 2}: ${words(m)}`).join("; ");
    },

    // The pot as coloured tiles, in the order they come out (the first on the left).
    drawPot(v) {
      const pot = $('[data-role="pot"]', this.root);
      pot.textContent = "";
      const yellow = [...v.pot].filter((c) => c === "g").length;
      pot.appendChild(el("span", { class: "pot-label", text: v.pot.length ? `pot (${tilesWord(v.pot.length)}; the next on the left): ` : "pot: empty" }));
      const tiles = el("span", { class: "pot-tiles", role: "img", "aria-label": `${yellow} yellow, ${v.pot.length - yellow} blue` });
      for (const c of v.pot) tiles.appendChild(el("span", { class: "tile " + c, "data-pot-tile": c, title: COLORS[c] || c }));
      if (v.pot.length) pot.appendChild(tiles);
    },

    // Who won, in words, from the full rows.
    winner(v) {
      const [a, b] = [v.players[0].full_rows, v.players[1].full_rows];
      if (a === b) return `a draw, ${fullRows(a)} each`;
      const [w, most, least] = a > b ? [0, a, b] : [1, b, a];
      return `player ${w} wins, ${fullRows(most)} to ${least}`;
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
      this.drawPot(v);
      const last = v.last;
      const bowls = $('[data-role="bowls"]', this.root);
      bowls.textContent = "";
      const busy = v.search.state === "running";
      for (const b of v.bowls) {
        const tiles = el("div", { class: "tiles" });
        for (const c of ["g", "b"]) for (let i = 0; i < b[c]; i++) tiles.appendChild(el("span", { class: "tile " + c }));
        const buttons = [];
        const why = [];
        for (const [c, name] of [["g", "yellow"], ["b", "blue"]]) {
          if (b[c] === 0) continue;
          const reason = b.why && b.why[c];
          buttons.push(el("button", { type: "button", "data-bowl": String(b.bowl), "data-color": c, "data-legal": b.legal[c] ? "true" : "false",
            disabled: (!b.legal[c] || busy) ? "disabled" : null, text: `take ${b[c]} ${name}`,
            title: reason ? `cannot take: ${reason} (a row must be empty, or ${name} with ${b[c]} free cells)` : `take the ${tilesWord(b[c])} ${name} of bowl ${b.bowl}` }));
          if (reason) why.push(el("span", { class: "why", "data-why": c, text: `${name}: ${reason}` }));
        }
        const from = last && last.bowl === b.bowl ? " taken-from" : "";
        const head = el("b", { text: `bowl ${b.bowl}` });
        if (from) head.appendChild(el("span", { class: "took", text: ` (player ${last.player} took ${last.count} ${COLORS[last.color]})` }));
        bowls.appendChild(el("div", { class: "tg-bowl" + from, "data-bowl-view": String(b.bowl) }, [head, tiles, ...buttons, ...why]));
      }
      const boards = $('[data-role="board"]', this.root);
      boards.textContent = "";
      v.players.forEach((p, i) => {
        const box = el("div", { class: "tg-board" + (i === v.to_move && !v.end ? " to-move" : ""), "data-player": String(i) }, [
          el("b", { text: `player ${i}: ${fullRows(p.full_rows)}` + (i === v.to_move && !v.end ? " (to move)" : "") }),
        ]);
        p.rows.forEach((r, ri) => {
          const row = el("div", { class: "tg-row" + (r.fill === v.row_len ? " full" : ""), "data-row": `${i},${ri}`, "data-fill": String(r.fill) });
          // The tiles of the last move: marked where they landed.
          const landed = (c) => last && last.player === i && last.row === ri && c >= last.before && c < last.before + last.count;
          for (let c = 0; c < v.row_len; c++) row.appendChild(el("span", { class: "cell" + (c < r.fill ? " " + r.color : "") + (landed(c) ? " landed" : ""), "data-landed": landed(c) ? "true" : null }));
          box.appendChild(row);
        });
        boards.appendChild(box);
      });
      $('[data-role="status"]', this.root).textContent = v.status;
      const result = $('[data-role="result"]', this.root);
      result.hidden = !v.end;
      result.textContent = v.end ? `Game over: ${this.winner(v)}.` : "";
      say(this.root, said(v.message), false);
      $('[data-role="last"]', this.root).textContent = last
        ? `Last move: player ${last.player} took ${last.count} ${COLORS[last.color]} from bowl ${last.bowl}; ${last.count === 1 ? "it" : "they"} landed in row ${last.row} (outlined).`
        : "";
      $('[data-role="moves"]', this.root).textContent = v.history.length ? "moves: " + this.movesByPlayer(v) : "";
      for (const a of ["undo", "greedy", "good", "best", "advice-best", "advice-good"]) {
        $(`[data-action="${a}"]`, this.root).disabled = busy || (a === "undo" ? v.history.length === 0 : v.end);
      }
      $('[data-action="cancel"]', this.root).disabled = !busy;
      const search = $('[data-role="search"]', this.root);
      if (showSearch(search, v.search)) this.refreshSoon(250);
      else search.textContent = words(search.textContent);
      countRender();
    },
  };

  Harness.board("tegel", tegel);
})();
