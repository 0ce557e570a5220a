import { saveDraftAction } from "@/lib/actions/draft-actions";
import type { DraftSnapshot } from "@/lib/views/draft-view";

/** Where a composer's draft was started: the key it is saved under and the place it belongs to. */
export interface DraftPlace {
  key: string;
  groupId?: number | null;
  threadId?: number | null;
  parentId?: number | null;
}

export type DraftSaveState = "idle" | "saving" | "saved" | "error" | "conflict";

export interface DraftSaverView {
  state: DraftSaveState;
  /** Set when a save was refused because another tab or device saved since: their copy (null: they posted or deleted it). */
  conflict: { stored: DraftSnapshot | null } | null;
}

export type DraftFieldsReader = () => { title?: string; content: string; categoryId?: number | null };

/** At most one save every this many ms while typing (contract section 17's composer). */
const SAVE_EVERY_MS = 2000;

/**
 * Saves a composer's draft: at most every 2 s while it changes, one save at a time, each naming the
 * sequence the last one answered. A save refused for a stale sequence halts saving until the person
 * picks a version (`keepMine`, `takeTheirs`). Plain state, so a React hook only has to show `view`.
 */
export class DraftSaver {
  view: DraftSaverView = { state: "idle", conflict: null };
  private dirty = false;
  private halted = false;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight: Promise<void> | null = null;
  private lastSaveAt = 0;

  constructor(
    private readonly place: DraftPlace,
    private sequence: number,
    /** Read at each save: the composer's current fields (a React ref, so the latest render's reader). */
    private readonly reader: { readonly current: DraftFieldsReader },
    private readonly onView: (view: DraftSaverView) => void,
  ) {}

  private show(view: Partial<DraftSaverView>): void {
    this.view = { ...this.view, ...view };
    this.onView(this.view);
  }

  changed(): void {
    this.dirty = true;
    // "Saved" only ever describes what is on the screen: a change waits as "Saving…".
    if (!this.halted && this.view.state !== "saving") this.show({ state: "saving" });
    this.schedule();
  }

  private schedule(): void {
    if (this.timer || this.inFlight || this.halted) return;
    this.timer = setTimeout(() => void this.run(), Math.max(0, this.lastSaveAt + SAVE_EVERY_MS - Date.now()));
  }

  private run(): Promise<void> {
    this.timer = null;
    if (this.inFlight) return this.inFlight;
    if (!this.dirty || this.halted) return Promise.resolve();
    this.dirty = false;
    this.lastSaveAt = Date.now();
    this.show({ state: "saving" });
    const { title = "", content, categoryId = null } = this.reader.current();
    const { key, groupId = null, threadId = null, parentId = null } = this.place;
    this.inFlight = saveDraftAction({ draftKey: key, title, content, categoryId, groupId, threadId, parentId, sequence: this.sequence })
      .then((result) => {
        if (!result.ok) return this.show({ state: "error" });
        if (result.data.saved) {
          this.sequence = result.data.draft.sequence;
          return this.show({ state: this.dirty ? "saving" : "saved" });
        }
        this.halted = true;
        this.show({ state: "conflict", conflict: { stored: result.data.stored } });
      })
      .catch(() => this.show({ state: "error" }))
      .finally(() => {
        this.inFlight = null;
        if (this.dirty) this.schedule();
      });
    return this.inFlight;
  }

  /** Saves what waits now (leaving the page, before posting); resolves when it landed. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.inFlight;
    await this.run();
  }

  /** Before posting: the last save lands and none follows (the post deletes the draft). */
  async settle(): Promise<void> {
    await this.flush();
    this.halted = true;
  }

  /** The post was refused: keep saving. */
  resume(): void {
    if (this.view.conflict) return;
    this.halted = false;
    if (this.dirty) this.schedule();
  }

  /** Conflict: save this tab's version over the other one. */
  keepMine(): void {
    this.sequence = this.view.conflict?.stored?.sequence ?? 0;
    this.halted = false;
    this.dirty = true;
    this.show({ conflict: null });
    void this.run();
  }

  /** Conflict: take the other copy (the caller puts it in the editor); saving goes on from it. */
  takeTheirs(): DraftSnapshot | null {
    const stored = this.view.conflict?.stored ?? null;
    this.sequence = stored?.sequence ?? 0;
    this.halted = false;
    this.dirty = false;
    this.show({ state: stored ? "saved" : "idle", conflict: null });
    return stored;
  }
}
