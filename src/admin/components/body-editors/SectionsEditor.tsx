/**
 * Section editor (spec: Section editor, D11): list, add, edit, reorder, show/hide and delete the sections that
 * follow the content. A text section's `section_content` is edited through a small form (title, markdown content,
 * background and text colour), a typed section's (#31: hero, text with picture, cards, team, call to action, part of
 * the site) through the form its schema gives (TypedSectionForm); either can be edited as raw JSON, which must parse (otherwise the edit is
 * ignored and the field says why). A section that differs from its stored version is flagged 'unsaved'; its
 * Save (disabled without changes) saves the whole item, since blocks, sections and the row are saved together
 * (D24).
 */
import { useEffect, useId, useState } from 'react';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { Textarea } from '../../../components/ui/textarea';
import { NativeSelect } from '../../../components/ui/native-select';
import {
  SECTION_TYPE_LABEL,
  TYPED_SECTION_TYPES,
  emptySection,
  isTypedSection,
  type TypedSectionType,
} from '../../../lib/sections/schema';
import { SwitchField } from '../fields';
import { move, newSection, parseSectionJson, type SectionValue } from './body-values';
import { TypedSectionForm } from './TypedSectionForm';

type JsonObject = SectionValue['section_content'];

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function TextInput({
  label,
  value,
  onChange,
  type = 'text',
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  type?: string;
}) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type={type} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

function SectionCard({
  section,
  index,
  count,
  stored,
  saving,
  onChange,
  onMove,
  onDelete,
  onSave,
}: {
  section: SectionValue;
  index: number;
  count: number;
  stored: SectionValue | undefined;
  saving: boolean;
  onChange: (s: SectionValue) => void;
  onMove: (by: -1 | 1) => void;
  onDelete: () => void;
  onSave: () => void;
}) {
  const jsonId = useId();
  const problemId = `${jsonId}-problem`;
  const [json, setJson] = useState(() => JSON.stringify(section.section_content, null, 2));
  const [problem, setProblem] = useState<string | null>(null);
  // The form fields change section_content: show their result in the JSON box (unless it holds a failed edit).
  useEffect(() => {
    if (problem) return;
    const parsed = parseSectionJson(json);
    if (!('value' in parsed) || !same(parsed.value, section.section_content))
      setJson(JSON.stringify(section.section_content, null, 2));
    // Only a change of the content itself re-syncs the box; `json` and `problem` are read, not followed.
  }, [section.section_content]);

  const c = section.section_content;
  const typed = isTypedSection(c) ? (c.type as TypedSectionType) : null;
  const style = (c.style && typeof c.style === 'object' && !Array.isArray(c.style) ? c.style : {}) as JsonObject;
  const setContent = (next: JsonObject) => onChange({ ...section, section_content: next });
  const unsaved =
    !stored ||
    stored.section_name !== section.section_name ||
    stored.is_active !== section.is_active ||
    !same(stored.section_content, section.section_content);

  return (
    <li className="rounded-md border border-stone-300 p-4" aria-label={`Section ${index + 1}: ${section.section_name}`}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          {index + 1}. {section.section_name || 'Untitled section'}
        </span>
        <Badge variant="outline">{SECTION_TYPE_LABEL[typed ?? 'text']}</Badge>
        {unsaved && <Badge variant="warning">unsaved</Badge>}
        <span className="ml-auto flex flex-wrap gap-2">
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={index === 0}
            aria-label={`Move section ${index + 1} up`}
            onClick={() => onMove(-1)}
          >
            ↑ Up
          </Button>
          <Button
            type="button"
            size="sm"
            variant="secondary"
            disabled={index === count - 1}
            aria-label={`Move section ${index + 1} down`}
            onClick={() => onMove(1)}
          >
            ↓ Down
          </Button>
          <Button
            type="button"
            size="sm"
            variant="danger"
            aria-label={`Delete section ${index + 1}`}
            onClick={onDelete}
          >
            Delete
          </Button>
          <Button
            type="button"
            size="sm"
            disabled={!unsaved || saving || Boolean(problem)}
            aria-label={`Save section ${index + 1}`}
            onClick={onSave}
          >
            {saving ? 'Saving...' : 'Save'}
          </Button>
        </span>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <TextInput
          label="Section name"
          value={section.section_name}
          onChange={(v) => onChange({ ...section, section_name: v })}
        />
        {typed ? (
          <TypedSectionForm type={typed} content={c} onChange={setContent} />
        ) : (
          <>
            <TextInput label="Title" value={str(c.title)} onChange={(v) => setContent({ ...c, title: v })} />
            <div className="md:col-span-2">
              <SectionContentField value={str(c.content)} onChange={(v) => setContent({ ...c, content: v })} />
            </div>
            <TextInput
              label="Background colour"
              value={str(style.backgroundColor)}
              onChange={(v) => setContent({ ...c, style: { ...style, backgroundColor: v } })}
            />
            <TextInput
              label="Text colour"
              value={str(style.color)}
              onChange={(v) => setContent({ ...c, style: { ...style, color: v } })}
            />
          </>
        )}
        <div className="md:col-span-2">
          <Label htmlFor={jsonId}>Section content (JSON)</Label>
          <Textarea
            id={jsonId}
            rows={6}
            className="font-mono text-sm"
            value={json}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            onChange={(e) => {
              setJson(e.target.value);
              const parsed = parseSectionJson(e.target.value);
              if ('problem' in parsed) setProblem(parsed.problem);
              else {
                setProblem(null);
                setContent(parsed.value);
              }
            }}
          />
          {problem && (
            <p id={problemId} className="mt-1 text-sm font-semibold text-red-800">
              {problem}
            </p>
          )}
        </div>
        <SwitchField
          label="Active (shown on the page)"
          checked={section.is_active}
          onCheckedChange={(is_active) => onChange({ ...section, is_active })}
        />
      </div>
    </li>
  );
}

function SectionContentField({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const id = useId();
  return (
    <div>
      <Label htmlFor={id}>Content (markdown)</Label>
      <Textarea id={id} rows={4} value={value} onChange={(e) => onChange(e.target.value)} />
    </div>
  );
}

export function SectionsEditor({
  value,
  stored,
  onChange,
  onSave,
  saving,
  typed = false,
}: {
  value: SectionValue[];
  /** The sections as last saved, to flag unsaved changes. */
  stored: SectionValue[];
  onChange: (sections: SectionValue[]) => void;
  onSave: () => void;
  saving: boolean;
  /** Offer the typed sections (pages only: a post's page renders text sections, D29). */
  typed?: boolean;
}) {
  const storedById = new Map(stored.map((s) => [s.id, s]));
  const [kind, setKind] = useState<TypedSectionType | 'text'>('text');
  const kindId = useId();
  const add = () => {
    const section = newSection(value.length + 1);
    if (kind !== 'text') {
      section.section_content = emptySection(kind) as SectionValue['section_content'];
      section.section_name = `${SECTION_TYPE_LABEL[kind]} ${value.length + 1}`;
    }
    onChange([...value, section]);
  };
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        {typed && (
          <div>
            <Label htmlFor={kindId}>New section type</Label>
            <NativeSelect
              id={kindId}
              value={kind}
              onChange={(e) => setKind(e.target.value as TypedSectionType | 'text')}
            >
              {(['text', ...TYPED_SECTION_TYPES] as const).map((t) => (
                <option key={t} value={t}>
                  {SECTION_TYPE_LABEL[t]}
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button type="button" variant="secondary" onClick={add}>
          Add Section
        </Button>
        <p className="text-sm text-stone-700">Sections show after the content, active ones only, in this order.</p>
      </div>
      {value.length === 0 && <p className="text-sm text-stone-700">No sections yet.</p>}
      <ol className="space-y-4">
        {value.map((s, i) => (
          <SectionCard
            key={s.key}
            section={s}
            index={i}
            count={value.length}
            stored={s.id ? storedById.get(s.id) : undefined}
            saving={saving}
            onChange={(next) => onChange(value.map((x, j) => (j === i ? next : x)))}
            onMove={(by) => onChange(move(value, i, by))}
            onDelete={() => onChange(value.filter((_, j) => j !== i))}
            onSave={onSave}
          />
        ))}
      </ol>
    </div>
  );
}
