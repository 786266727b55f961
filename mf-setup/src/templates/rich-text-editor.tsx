import { useEffect, useRef } from 'react';
import { Field, Menu, MenuButton, MenuGroup, MenuGroupHeader, MenuItem, MenuList, MenuPopover, MenuTrigger, Toolbar, ToolbarButton, makeStyles, tokens } from '@fluentui/react-components';
import { TextBoldRegular, TextBulletListLtrRegular, TextItalicRegular, TextNumberListLtrRegular, TextUnderlineRegular } from '@fluentui/react-icons';
import { LexicalComposer } from '@lexical/react/LexicalComposer';
import { useLexicalComposerContext } from '@lexical/react/LexicalComposerContext';
import { ContentEditable } from '@lexical/react/LexicalContentEditable';
import { LexicalErrorBoundary } from '@lexical/react/LexicalErrorBoundary';
import { HistoryPlugin } from '@lexical/react/LexicalHistoryPlugin';
import { ListPlugin } from '@lexical/react/LexicalListPlugin';
import { OnChangePlugin } from '@lexical/react/LexicalOnChangePlugin';
import { RichTextPlugin } from '@lexical/react/LexicalRichTextPlugin';
import { $generateHtmlFromNodes, $generateNodesFromDOM } from '@lexical/html';
import { INSERT_ORDERED_LIST_COMMAND, INSERT_UNORDERED_LIST_COMMAND, ListItemNode, ListNode } from '@lexical/list';
import { HeadingNode, QuoteNode } from '@lexical/rich-text';
import { $getRoot, $getSelection, $insertNodes, $isRangeSelection, FORMAT_TEXT_COMMAND, type LexicalEditor } from 'lexical';
import { fieldErrorMessage, useFieldsReadOnly, useController } from 'shared-ui';
import { PLACEHOLDER_GROUPS, insertionText } from './placeholders.js';

const useStyles = makeStyles({
  frame: { border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, background: tokens.colorNeutralBackground1 },
  editable: {
    // Spec 3 §9: rich-text editors are 280 to 300 px high.
    height: '290px',
    overflowY: 'auto',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    outline: 'none',
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
  },
  toolbar: { borderBottom: `1px solid ${tokens.colorNeutralStroke2}`, flexWrap: 'wrap' },
});

/** Reads the stored HTML into a new editor. */
function loadHtml(editor: LexicalEditor, html: string) {
  const dom = new DOMParser().parseFromString(html || '<p></p>', 'text/html');
  const root = $getRoot();
  root.clear();
  root.select();
  $insertNodes($generateNodesFromDOM(editor, dom));
}

function insertPlaceholder(editor: LexicalEditor, token: string) {
  editor.update(() => {
    let selection = $getSelection();
    if (!$isRangeSelection(selection)) {
      $getRoot().selectEnd();
      selection = $getSelection();
    }
    if (!$isRangeSelection(selection)) return;
    const anchor = selection.anchor;
    const before = anchor.type === 'text' ? anchor.getNode().getTextContent().slice(0, anchor.offset) : '';
    selection.insertText(insertionText(token, before));
  });
  editor.focus();
}

function EditorToolbar({ label, disabled }: { label: string; disabled: boolean }) {
  const [editor] = useLexicalComposerContext();
  const styles = useStyles();
  return (
    <Toolbar size="small" aria-label={`${label} formatting`} className={styles.toolbar}>
      <ToolbarButton aria-label="Bold" icon={<TextBoldRegular />} disabled={disabled} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'bold')} />
      <ToolbarButton aria-label="Italic" icon={<TextItalicRegular />} disabled={disabled} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'italic')} />
      <ToolbarButton aria-label="Underline" icon={<TextUnderlineRegular />} disabled={disabled} onClick={() => editor.dispatchCommand(FORMAT_TEXT_COMMAND, 'underline')} />
      <ToolbarButton aria-label="Bulleted list" icon={<TextBulletListLtrRegular />} disabled={disabled} onClick={() => editor.dispatchCommand(INSERT_UNORDERED_LIST_COMMAND, undefined)} />
      <ToolbarButton aria-label="Numbered list" icon={<TextNumberListLtrRegular />} disabled={disabled} onClick={() => editor.dispatchCommand(INSERT_ORDERED_LIST_COMMAND, undefined)} />
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <MenuButton size="small" appearance="subtle" disabled={disabled}>
            Insert field
          </MenuButton>
        </MenuTrigger>
        <MenuPopover>
          <MenuList style={{ maxHeight: 320, overflowY: 'auto' }}>
            {PLACEHOLDER_GROUPS.map((group) => (
              <MenuGroup key={group.title}>
                <MenuGroupHeader>{group.title}</MenuGroupHeader>
                {group.tokens.map((token) => (
                  <MenuItem key={token} onClick={() => insertPlaceholder(editor, token)}>
                    {token}
                  </MenuItem>
                ))}
              </MenuGroup>
            ))}
          </MenuList>
        </MenuPopover>
      </Menu>
    </Toolbar>
  );
}

/**
 * Loads the form's HTML whenever it changes from outside the editor (the record arriving, a
 * reset); the editor's own changes are recognised by the HTML it last wrote.
 */
function FormValuePlugin({ html, written }: { html: string; written: { current: string | null } }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    if (html === written.current) return;
    written.current = html;
    editor.update(() => loadHtml(editor, html));
  }, [editor, html, written]);
  return null;
}

/** Keeps the editable state in step with the form's read-only mode. */
function EditablePlugin({ editable }: { editable: boolean }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => editor.setEditable(editable), [editor, editable]);
  return null;
}

/**
 * A Lexical rich-text field bound to a react-hook-form field holding HTML, with a toolbar for
 * basic formatting and an Insert field menu for the template placeholders.
 */
export function RichTextField({ name, label }: { name: string; label: string }) {
  const styles = useStyles();
  const readOnly = useFieldsReadOnly();
  const { field, fieldState } = useController({ name });
  const html = typeof field.value === 'string' ? field.value : '';
  const written = useRef<string | null>(null);
  const error = fieldErrorMessage(fieldState.error);
  return (
    <Field label={label} validationState={error ? 'error' : 'none'} validationMessage={error}>
      <LexicalComposer
        initialConfig={{
          namespace: `template-${name}`,
          nodes: [HeadingNode, QuoteNode, ListNode, ListItemNode],
          editable: !readOnly,
          onError: (e) => {
            throw e;
          },
          theme: { text: { bold: 'rte-bold', italic: 'rte-italic', underline: 'rte-underline' } },
        }}
      >
        <div className={styles.frame}>
          <style>{'.rte-bold{font-weight:bold}.rte-italic{font-style:italic}.rte-underline{text-decoration:underline}'}</style>
          <EditorToolbar label={label} disabled={readOnly} />
          <RichTextPlugin
            contentEditable={<ContentEditable className={styles.editable} aria-label={label} onBlur={field.onBlur} />}
            ErrorBoundary={LexicalErrorBoundary}
          />
          <HistoryPlugin />
          <ListPlugin />
          <EditablePlugin editable={!readOnly} />
          <FormValuePlugin html={html} written={written} />
          <OnChangePlugin
            ignoreSelectionChange
            onChange={(state, editor) =>
              state.read(() => {
                const next = $generateHtmlFromNodes(editor, null);
                if (next === written.current) return;
                written.current = next;
                field.onChange(next);
              })
            }
          />
        </div>
      </LexicalComposer>
    </Field>
  );
}
