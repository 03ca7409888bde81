/* Incognito's private drawing sheet on a phone.
 *
 * The canvas works in the game's canvas units (the screen's canvas.width × height, 800 ×
 * 600), so a stroke is exactly what a pad's drawing sends (game/games/incognito/rules/
 * drawing.py): {tool, colour (palette id), width (a brush width), points: flat ints}.
 * A finished touch becomes one "stroke" move; the sheet shows it at once, and the next
 * view (the seat's strokes as the engine holds them) replaces the pending ones.
 */
"use strict";

class DrawingSheet {
  constructor(host, onStroke, t) {
    this.onStroke = onStroke;
    this.t = t;
    this.spec = null;
    this.pending = [];
    this.path = null;
    this.tool = "pen";
    this.colour = null;
    this.width = null;
    this.root = document.createElement("div");
    this.root.className = "sheet";
    this.canvas = document.createElement("canvas");
    this.canvas.id = "sheet";
    this.canvas.setAttribute("role", "img");  /* a drawing surface: named for screen readers */
    this.canvas.setAttribute("aria-label", t("sheet"));
    this.tools = document.createElement("div");
    this.tools.className = "tools";
    this.root.append(this.canvas, this.tools);
    host.replaceChildren(this.root);
    this.ctx = this.canvas.getContext("2d", { willReadFrequently: true });
    this.canvas.addEventListener("pointerdown", (e) => this.down(e));
    this.canvas.addEventListener("pointermove", (e) => this.move(e));
    this.canvas.addEventListener("pointerup", (e) => this.up(e));
    this.canvas.addEventListener("pointercancel", (e) => this.up(e));
  }

  update(spec) {
    const first = !this.spec;
    const known = this.spec ? this.spec.strokes.length : -1;
    this.spec = spec;
    if (first) {
      this.canvas.width = spec.width;
      this.canvas.height = spec.height;
      this.colour = spec.colours.length ? spec.colours[0].id : null;
      this.width = spec.widths[Math.min(1, spec.widths.length - 1)];
    }
    if (spec.strokes.length !== known) this.pending = [];
    this.canvas.classList.toggle("off", !spec.enabled);
    this.buildTools();
    this.redraw();
  }

  buildTools() {
    const spec = this.spec;
    const buttons = [];
    for (const tool of spec.tools) {
      buttons.push(this.toolButton(tool.name, this.tool === tool.id, () => { this.tool = tool.id; }, "tool-" + tool.id));
    }
    for (const width of spec.widths) {
      const dot = document.createElement("span");
      dot.className = "dot";
      dot.style.width = dot.style.height = Math.max(6, width * 0.8) + "px";
      const button = this.toolButton("", this.width === width, () => { this.width = width; }, "width-" + width);
      button.title = this.t("size") + " " + width;
      button.append(dot);
      buttons.push(button);
    }
    for (const colour of spec.colours) {
      const button = this.toolButton("", this.colour === colour.id, () => { this.colour = colour.id; }, "colour-" + colour.id);
      button.classList.add("swatch");
      button.style.background = colour.rgb;
      button.title = button.ariaLabel = colour.name;
      buttons.push(button);
    }
    this.tools.replaceChildren(...buttons);
  }

  toolButton(text, on, pick, id) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = text;
    button.dataset.tool = id;
    button.classList.toggle("on", on);
    button.onclick = () => { pick(); this.buildTools(); };
    return button;
  }

  /* --- touch ----------------------------------------------------------------------- */
  point(event) {
    const box = this.canvas.getBoundingClientRect();
    const x = Math.round(((event.clientX - box.left) / box.width) * this.spec.width);
    const y = Math.round(((event.clientY - box.top) / box.height) * this.spec.height);
    return [Math.min(this.spec.width - 1, Math.max(0, x)), Math.min(this.spec.height - 1, Math.max(0, y))];
  }

  down(event) {
    if (!this.spec || !this.spec.enabled) return;
    event.preventDefault();
    this.canvas.setPointerCapture(event.pointerId);
    this.path = [this.point(event)];
  }

  move(event) {
    if (!this.path || this.tool === "fill") return;
    event.preventDefault();
    const events = event.getCoalescedEvents ? event.getCoalescedEvents() : [event];
    for (const e of events.length ? events : [event]) {
      const [x, y] = this.point(e);
      const [lx, ly] = this.path[this.path.length - 1];
      if ((x - lx) ** 2 + (y - ly) ** 2 >= 9 && this.path.length < this.spec.max_points) this.path.push([x, y]);
    }
    this.redraw();
  }

  up(event) {
    if (!this.path) return;
    const path = this.tool === "fill" ? this.path.slice(0, 1) : this.path;
    this.path = null;
    const stroke = { tool: this.tool, colour: this.colour, width: this.width, points: path.flat() };
    this.pending.push(stroke);
    this.redraw();
    this.onStroke(stroke);
  }

  /* --- drawing (as the TV renders a stroke) ------------------------------------------ */
  redraw() {
    const ctx = this.ctx;
    ctx.fillStyle = "#fff";
    ctx.fillRect(0, 0, this.canvas.width, this.canvas.height);
    const live = this.path ? [{ tool: this.tool, colour: this.colour, width: this.width, points: this.path.flat() }] : [];
    for (const stroke of [...this.spec.strokes, ...this.pending, ...live]) this.paint(stroke);
  }

  rgb(id) {
    const colour = this.spec.colours.find((c) => c.id === id);
    return colour ? colour.rgb : "#000000";
  }

  paint(stroke) {
    const ctx = this.ctx;
    const p = stroke.points;
    if (stroke.tool === "fill") { this.fill(p[0], p[1], this.rgb(stroke.colour)); return; }
    ctx.strokeStyle = ctx.fillStyle = stroke.tool === "eraser" ? "#ffffff" : this.rgb(stroke.colour);
    ctx.lineWidth = stroke.width;
    ctx.lineCap = ctx.lineJoin = "round";
    if (p.length === 2) {
      ctx.beginPath();
      ctx.arc(p[0], p[1], stroke.width / 2, 0, Math.PI * 2);
      ctx.fill();
      return;
    }
    ctx.beginPath();
    ctx.moveTo(p[0], p[1]);
    for (let i = 2; i < p.length; i += 2) ctx.lineTo(p[i], p[i + 1]);
    ctx.stroke();
  }

  /* A flood fill from (x, y) over the pixels of the seed's colour (a small tolerance for
     the lines' anti-aliased edges). */
  fill(x, y, hex) {
    const w = this.canvas.width, h = this.canvas.height;
    const image = this.ctx.getImageData(0, 0, w, h);
    const px = image.data;
    const at = (y * w + x) * 4;
    const seed = [px[at], px[at + 1], px[at + 2]];
    const target = [parseInt(hex.slice(1, 3), 16), parseInt(hex.slice(3, 5), 16), parseInt(hex.slice(5, 7), 16)];
    const near = (i) => Math.abs(px[i] - seed[0]) + Math.abs(px[i + 1] - seed[1]) + Math.abs(px[i + 2] - seed[2]) < 48;
    if (Math.abs(seed[0] - target[0]) + Math.abs(seed[1] - target[1]) + Math.abs(seed[2] - target[2]) === 0) return;
    const seen = new Uint8Array(w * h);
    const stack = [x + y * w];
    while (stack.length) {
      const cell = stack.pop();
      if (seen[cell]) continue;
      seen[cell] = 1;
      const i = cell * 4;
      if (!near(i)) continue;
      px[i] = target[0]; px[i + 1] = target[1]; px[i + 2] = target[2]; px[i + 3] = 255;
      const cx = cell % w;
      if (cx > 0) stack.push(cell - 1);
      if (cx < w - 1) stack.push(cell + 1);
      if (cell >= w) stack.push(cell - w);
      if (cell < w * (h - 1)) stack.push(cell + w);
    }
    this.ctx.putImageData(image, 0, 0);
  }
}
