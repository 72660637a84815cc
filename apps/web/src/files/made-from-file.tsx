// issue 21: the edit form of a task or subscription made from a stored file names the file (GET
// /files/{id}, when the form opens) and downloads it. A file that cannot be found (deleted
// meanwhile) is simply not shown; a download that fails says why in the form's banner.
import { fileCalls } from "@life-admin/api-client/files";
import { MadeFromNote } from "@life-admin/ui";
import { useEffect, useState } from "react";
import { saveFile } from "../data/save-file";
import { useServices } from "../use-services";

export interface MadeFromFileProps {
  fileId: number;
  onError: (message: string) => void;
}

function messageOf(failure: unknown): string {
  return failure instanceof Error ? failure.message : String(failure);
}

export function MadeFromFile({ fileId, onError }: MadeFromFileProps) {
  const { client } = useServices();
  const [name, setName] = useState<string | null>(null);
  const [gone, setGone] = useState(false);
  useEffect(() => {
    let current = true;
    fileCalls(client)
      .get(fileId)
      .then(
        (file) => {
          if (current) setName(file.name);
        },
        (failure: unknown) => {
          console.error(failure);
          if (current) setGone(true);
        },
      );
    return () => {
      current = false;
    };
  }, [client, fileId]);
  if (gone) return null;
  return (
    <MadeFromNote
      name={name}
      onDownload={() => {
        fileCalls(client)
          .content(fileId)
          .then(
            (blob) => {
              saveFile(blob, name ?? "document");
            },
            (failure: unknown) => {
              console.error(failure);
              onError(`Could not download the file: ${messageOf(failure)}`);
            },
          );
      }}
    />
  );
}
