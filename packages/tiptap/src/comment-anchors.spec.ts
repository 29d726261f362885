import { getSchema } from '@tiptap/core';
import { EditorState } from '@tiptap/pm/state';
import StarterKit from '@tiptap/starter-kit';
import { anchors, CommentMark } from './comment-mark';
import { textAnchor } from './comment-on-selection';
import { commentHighlights, commentsKey } from './highlights';

/** The anchor's pure parts, on ProseMirror documents without a view: where marks are, Velt's text anchor, the highlights. */
describe('inline comment anchors', () => {
  const schema = getSchema([StarterKit, CommentMark]);
  const mark = (threadId: string) => schema.marks.collabComment.create({ threadId });
  /** One paragraph: "the cat and the cat", with thread a on the second "cat" and b over "and the cat". */
  const doc = schema.node('doc', null, [
    schema.node('paragraph', null, [
      schema.text('the cat '),
      schema.text('and the ', [mark('b')]),
      schema.text('cat', [mark('a'), mark('b')]),
    ]),
  ]);

  it('finds each thread from its first marked character to its last, overlapping threads included', () => {
    expect(Object.fromEntries(anchors(doc))).toEqual({ b: { from: 9, to: 20 }, a: { from: 17, to: 20 } });
  });

  it("names the selected text and which of its occurrences it is, counting from 1, as Velt's textEditorConfig", () => {
    expect(textAnchor(doc, 17, 20)).toEqual({ text: 'cat', occurrence: 2 });
    expect(textAnchor(doc, 5, 8)).toEqual({ text: 'cat', occurrence: 1 });
    expect(textAnchor(doc, 1, 4)).toEqual({ text: 'the', occurrence: 1 });
  });

  it('highlights only open threads, and marks the active one', () => {
    let state = EditorState.create({ doc, plugins: [commentHighlights(schema.marks.collabComment)] });
    const classes = () =>
      commentsKey
        .getState(state)!
        .decorations.find()
        .map((decoration) => [
          decoration.from,
          decoration.to,
          (decoration as unknown as { type: { attrs: { class: string } } }).type.attrs.class,
        ]);
    expect(classes()).toEqual([]);
    state = state.apply(state.tr.setMeta(commentsKey, { open: new Set(['a']) }));
    expect(classes()).toEqual([[17, 20, 'collab-highlight']]);
    state = state.apply(state.tr.setMeta(commentsKey, { active: 'a' }));
    expect(classes()).toEqual([[17, 20, 'collab-highlight collab-highlight-active']]);
    // A thread that is not open cannot be active: resolving the active thread clears it.
    state = state.apply(state.tr.setMeta(commentsKey, { open: new Set(['b']) }));
    expect(commentsKey.getState(state)!.active).toBeNull();
    expect(classes()).toEqual([
      [9, 17, 'collab-highlight'],
      [17, 20, 'collab-highlight'],
    ]);
  });
});
