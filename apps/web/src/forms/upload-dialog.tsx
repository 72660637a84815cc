// spec 2: Upload Files. The ui's UploadModal checks the type and keeps the first file; for now
// Done only closes the modal (spec 2, 7: no request is made; storing files is a later step).
import { UploadModal } from "@life-admin/ui";

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
}

export function UploadDialog({ open, onClose }: UploadDialogProps) {
  return (
    <UploadModal
      open={open}
      onClose={onClose}
      onDone={() => {
        onClose();
      }}
    />
  );
}
