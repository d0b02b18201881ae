/**
 * Fields of the post and page editors bound to their form (react-hook-form's FormProvider, as EditorShell gives
 * it): the body's markdown in the markdown editor, with the live SEO checks of its text under it (#29), and an
 * image URL (with its alt text) in the upload widget.
 */
import type { ComponentProps } from 'react';
import { useController, type Control, type FieldPathByValue, type FieldValues } from 'react-hook-form';
import { MarkdownEditor } from '../markdown-editor/MarkdownEditor';
import { ImageUpload } from '../image-upload/ImageUpload';
import { ContentChecks } from './ContentChecks';
import type { UploadFolder } from '../../data/storage/upload-image-mutation';
import type { BodyValues } from './use-editor-form';

/** The body's markdown (`content`), on the editor's Content tab, and what the live checks find in it. */
export function ContentField({ id }: { id: string }) {
  const { field } = useController<BodyValues, 'content'>({ name: 'content' });
  return (
    <div className="space-y-3">
      <MarkdownEditor
        id={id}
        label="Content"
        rows={20}
        value={field.value}
        onChange={field.onChange}
        uploadFolder="content"
      />
      <ContentChecks />
    </div>
  );
}

/** An image URL of the form in the upload widget (URL, upload, preview), with its alt text when `altName` is given. */
export function ImageField<T extends FieldValues, Output = T>({
  control,
  name,
  altName,
  ...widget
}: {
  control: Control<T, unknown, Output>;
  /** The field holding the image's URL, and the one holding its alt text when the widget asks for it. */
  name: FieldPathByValue<T, string>;
  altName?: FieldPathByValue<T, string>;
  id: string;
  label: string;
  folder: UploadFolder;
  hint: string;
}) {
  const { field } = useController({ control, name });
  const bound = { ...widget, value: field.value as string, onChange: field.onChange };
  return altName ? <ImageWithAlt control={control} altName={altName} {...bound} /> : <ImageUpload {...bound} />;
}

function ImageWithAlt<T extends FieldValues, Output = T>({
  control,
  altName,
  ...widget
}: ComponentProps<typeof ImageUpload> & {
  control: Control<T, unknown, Output>;
  altName: FieldPathByValue<T, string>;
}) {
  const { field: alt } = useController({ control, name: altName });
  return <ImageUpload {...widget} alt={alt.value as string} onAltChange={alt.onChange} />;
}
