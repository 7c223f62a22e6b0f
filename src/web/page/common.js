"use strict";
// What every board of the page shares: requests to the harness (with the token), the
// board requests of a game (a change answered with the view, a background job started,
// followed and cancelled), messages, and opening a board. The boards register themselves
// with `Harness.board(name, board)`; the page opens the one named by `?game=`.
const Harness = (() => {
  const params = new URLSearchParams(location.search);
  const token = params.get("token") || "";
  const $ = (sel, root) => (root || document).querySelector(sel);
  const boards = {};

  // A request to the harness: `{ok, status, data}`, never an exception.
  async function api(method, path, body) {
    const init = { method, headers: { "X-Harness-Token": token } };
    if (body !== undefined) {
      init.headers["Content-Type"] = "application/json";
      init.body = JSON.stringify(body);
    }
    let res, data;
    try {
      res = await fetch(path, init);
      data = await res.json();
    } catch (e) {
      return { ok: false, status: 0, data: { error: "the harness does not answer (was it stopped?)" } };
    }
    return { ok: res.ok, status: res.status, data };
  }

  function el(tag, attrs, children) {
    const e = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k === "class") e.className = v; else if (k === "text") e.textContent = v; else e.setAttribute(k, v);
    }
    for (const c of children || []) e.appendChild(c);
    return e;
  }

  // The message line of a board; an error is drawn red.
  function say(root, text, error) {
    const m = $('[data-role="message"]', root);
    m.textContent = text || "";
    m.classList.toggle("error", !!error);
  }

  // Counts the page's renders, so that a test knows when an answer has been drawn.
  function countRender() {
    document.body.dataset.renders = String(Number(document.body.dataset.renders || 0) + 1);
  }

  function openSection(name, title) {
    for (const s of document.querySelectorAll("section")) s.hidden = s.dataset.game !== name;
    $('[data-role="title"]').textContent = "· " + title;
    return $(`section[data-game="${name}"]`);
  }

  // Chooses `value` in a select; a value it does not list (`strategy:8` from a URL) is
  // added as an option of its own, so the form shows what is played. An option may stand
  // for a second value too (`data-same="strategy:6"`).
  function chooseOption(select, value) {
    const known = [...select.options].find((o) => o.value === value || o.dataset.same === value);
    if (known) { select.value = known.value; return; }
    select.appendChild(el("option", { value, text: value }));
    select.value = value;
  }

  // The setup fields named in the URL, filled in.
  function fillForm(form, names) {
    for (const name of names) {
      const field = form.elements[name];
      if (!params.has(name) || !field) continue;
      if (field.tagName === "SELECT") chooseOption(field, params.get(name));
      else field.value = params.get(name);
    }
  }

  // Whether keys typed at `target` are the field's own (text, numbers, a choice).
  function editing(target) {
    return !!target && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
  }

  // A background job's progress in words: `WHAT… N positions, S s of at most L s`.
  function progress(what, job) {
    return `${what}… ${job.positions.toLocaleString("en")} positions, ${job.seconds.toFixed(1)} s of at most ${job.limit_s} s`;
  }

  // Long numbers in a text with thousands separators (`1234567` as `1,234,567`); digits
  // after a decimal point stay as they are.
  function grouped(text) {
    return String(text).replace(/(?<![\d.])\d{4,}/g, (n) => n.replace(/\B(?=(\d{3})+$)/g, ","));
  }

  // Draws a search of the view (`idle`, `running`, `done` with its lines, or stopped)
  // into `out`; whether it runs.
  function showSearch(out, s) {
    out.dataset.state = s.state;
    const busy = s.state === "running";
    if (s.state === "idle") out.textContent = "";
    else if (busy) out.textContent = progress(s.what, s);
    else if (s.state === "done") out.textContent = `${s.what}:\n` + grouped(s.text.join("\n"));
    else out.textContent = `${s.what} stopped: ${s.why}`;
    return busy;
  }

  // What a board asks of /api/NAME, spread into it (the board names the view's field that
  // holds its game as `gameField`): a change answered with the view (on a
  // refusal the view is fetched again and the refusal shown), a job started or cancelled,
  // the view fetched again (now, or soon while a job runs), the time limit of the setup
  // form, and the board opened on reload with the game the server keeps.
  function boardRequests(name) {
    return {
      async send(path, body) {
        const r = await api("POST", path, body);
        if (r.ok) return this.render(r.data);
        const s = await api("GET", "/api/" + name);
        if (s.ok && this.hasGame(s.data)) this.render(s.data);
        else countRender();
        say(this.root, r.data.error, true);
      },

      async search(path, body) {
        const r = await api("POST", path, body);
        if (!r.ok) { countRender(); return say(this.root, r.data.error, true); }
        return this.refresh();
      },

      async refresh() {
        this.polling = null;
        const s = await api("GET", "/api/" + name);
        if (s.ok && this.hasGame(s.data)) this.render(s.data);
      },

      // Whether a view holds a game (the server answers an empty one before the first).
      hasGame(v) {
        const parts = v && !v.error && v[this.gameField];
        return Array.isArray(parts) && parts.length > 0;
      },

      // Asks for the view again in `ms` milliseconds (once, however often it is called).
      refreshSoon(ms) {
        if (!this.polling) this.polling = setTimeout(() => this.refresh(), ms);
      },

      limit() { return Number($('[data-role="setup"]', this.root).elements.limit.value) || 10; },

      // A board opened with setup fields in its URL starts that game, and then drops them
      // from the URL; otherwise it shows the game the server keeps (so a reload goes on
      // with the game), or starts one when there is none (`game` is null: no error).
      async resume(setupNames) {
        if (setupNames.some((n) => params.has(n))) {
          await this.newGame();
          const keep = new URLSearchParams({ token, game: name });
          history.replaceState(null, "", "?" + keep.toString());
          return;
        }
        const r = await api("GET", "/api/" + name);
        if (r.ok && this.hasGame(r.data)) { this.resumed(r.data); return this.render(r.data); }
        return this.newGame();
      },

      // The setup form after a reload or a refused new game: the settings of the game in
      // play (a board may say more).
      resumed() {},
    };
  }

  function board(name, b) { boards[name] = b; }

  // The list of games; `unknown` names a game asked for that this page does not have.
  async function showStart(unknown) {
    for (const s of document.querySelectorAll("section")) s.hidden = s.dataset.page !== "start";
    $('[data-role="title"]').textContent = "";
    const missing = $('[data-role="unknown-game"]');
    missing.hidden = !unknown;
    const name = unknown && unknown.length > 40 ? unknown.slice(0, 40) + "…" : unknown;
    missing.textContent = unknown ? `There is no game “${name}” here: choose one of these.` : "";
    const r = await api("GET", "/api/games");
    const list = $('[data-role="games"]');
    list.textContent = "";
    for (const g of (r.ok ? r.data.games : [])) {
      const q = new URLSearchParams({ token, game: g.name });
      list.appendChild(el("a", { href: "?" + q.toString(), "data-game-link": g.name, text: g.title }));
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    $('[data-action="home"]').addEventListener("click", (e) => {
      e.preventDefault();
      location.search = "?" + new URLSearchParams({ token }).toString();
    });
    const game = params.get("game");
    if (game && Object.hasOwn(boards, game)) boards[game].open();
    else showStart(game);
  });

  return { params, token, $, api, el, say, countRender, openSection, fillForm, chooseOption, editing, progress, grouped, showSearch, boardRequests, board };
})();
