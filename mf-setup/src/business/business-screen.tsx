import { BUSINESS_ENTITY_CODE } from 'api/contracts/entity';
import { ListEditor, useEntityEditor } from 'shared-ui';
import { refreshLookups } from '../common/lookups.js';

/**
 * The business entity (spec 3 §2, spec 2 §2): an editor only, keyed by BUSINESS, never deleted.
 * It is the parties' editor (shared-ui entity-editor) for type BUSINESS: no Notes tab. Its
 * defaults (EFT, no holds) come from the company's starter books.
 */
export default function BusinessScreen() {
  const editor = useEntityEditor('BUSINESS');
  return (
    <ListEditor
      {...editor}
      title="Business"
      editorOnly
      editorKey={BUSINESS_ENTITY_CODE}
      closePath="/management/setup"
      path="/api/entity"
      keyField="code"
      columns={[]}
      afterSave={refreshLookups}
    />
  );
}
