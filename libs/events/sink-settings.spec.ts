import { EntityManager } from 'typeorm';
import { SinkSettings } from './sink-settings';

const manager = {} as EntityManager;

/** A load answering the current stored value, counting its calls; `gate` holds a load until released. */
function store(initial: { on: boolean }) {
  const state = { stored: initial, loads: 0, gate: null as Promise<void> | null };
  const load = async () => {
    state.loads += 1;
    const value = state.stored;
    if (state.gate) await state.gate;
    return value;
  };
  return { state, load };
}

describe('sink settings', () => {
  it('loads once per key within the bound, again after forget or once the bound has passed', async () => {
    jest.useFakeTimers({ now: 0 });
    try {
      const { state, load } = store({ on: true });
      const settings = new SinkSettings(1000, load);
      expect(await settings.of(manager, 'k')).toEqual({ on: true });
      state.stored = { on: false };
      expect(await settings.of(manager, 'k')).toEqual({ on: true });
      expect(await settings.of(manager, 'other')).toEqual({ on: false });
      expect(state.loads).toBe(2);
      settings.forget('k');
      expect(await settings.of(manager, 'k')).toEqual({ on: false });
      state.stored = { on: true };
      jest.setSystemTime(1000);
      expect(await settings.of(manager, 'k')).toEqual({ on: true });
      expect(state.loads).toBe(4);
    } finally {
      jest.useRealTimers();
    }
  });

  it('does not keep a value whose load began before a forget', async () => {
    const { state, load } = store({ on: true });
    const settings = new SinkSettings(60_000, load);
    let release!: () => void;
    state.gate = new Promise((resolve) => (release = resolve));
    const stale = settings.of(manager, 'k');
    state.stored = { on: false };
    settings.forget('k');
    release();
    expect(await stale).toEqual({ on: true });
    state.gate = null;
    expect(await settings.of(manager, 'k')).toEqual({ on: false });
  });
});
