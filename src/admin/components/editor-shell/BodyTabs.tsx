/**
 * The tabs the post and page editors share over a body's blocks and sections: Sections, Content Blocks (whose own
 * Save buttons save the whole form) and Version History (a version restored into the form). A tab named in
 * `needsSaved` shows its text instead of its editor until the row is saved.
 */
import { useController } from 'react-hook-form';
import { TabsContent } from '../../../components/ui/tabs';
import type { VersionParent } from '../../data/content-versions/versions-query';
import { BlocksEditor } from '../body-editors/BlocksEditor';
import { SectionsEditor } from '../body-editors/SectionsEditor';
import { VersionHistory } from '../body-editors/VersionHistory';
import type { SectionValue } from '../body-editors/body-values';
import type { BodyValues, EditorForm } from './use-editor-form';

export type BodyTab = 'sections' | 'blocks' | 'versions';

export interface BodyTabsProps {
  /** The saved row whose versions are listed; undefined for a new row. */
  parent?: VersionParent;
  /** The sections as last saved, to flag unsaved changes. */
  storedSections: SectionValue[];
  /** What a tab says until the row is saved; Version History always needs a saved row. */
  needsSaved: Partial<Record<BodyTab, string>> & { versions: string };
  /** Whether its Sections tab offers the typed sections (pages; a post's page renders text sections only, D29). */
  typedSections?: boolean;
}

function SaveFirst({ text }: { text: string }) {
  return <p className="rounded-md border border-dashed border-stone-400 p-6 text-stone-700">{text}</p>;
}

export function BodyTabs({
  editor: { submit, restore, busy },
  parent,
  storedSections,
  needsSaved,
  typedSections = false,
}: BodyTabsProps & { editor: Pick<EditorForm<BodyValues, BodyValues, string>, 'submit' | 'restore' | 'busy'> }) {
  const { field: blocks } = useController<BodyValues, 'blocks'>({ name: 'blocks' });
  const { field: sections } = useController<BodyValues, 'sections'>({ name: 'sections' });
  return (
    <>
      <TabsContent value="sections">
        {parent || !needsSaved.sections ? (
          <SectionsEditor
            value={sections.value}
            stored={storedSections}
            onChange={sections.onChange}
            onSave={() => void submit()()}
            saving={busy}
            typed={typedSections}
          />
        ) : (
          <SaveFirst text={needsSaved.sections} />
        )}
      </TabsContent>
      <TabsContent value="blocks">
        {parent || !needsSaved.blocks ? (
          <BlocksEditor
            value={blocks.value}
            onChange={blocks.onChange}
            onSave={() => void submit(true)()}
            saving={busy}
          />
        ) : (
          <SaveFirst text={needsSaved.blocks} />
        )}
      </TabsContent>
      <TabsContent value="versions">
        {parent ? <VersionHistory parent={parent} onRestore={restore} /> : <SaveFirst text={needsSaved.versions} />}
      </TabsContent>
    </>
  );
}
