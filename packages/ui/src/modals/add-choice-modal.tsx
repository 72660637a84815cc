// spec 2: the add-choice modal, the first step of the chain (chooser, then Add Task or Upload File).
import { ClipboardPlus, FileUp } from "lucide-react";
import type { ReactNode } from "react";
import { Modal } from "../base/modal";
import styles from "./add-choice-modal.module.css";

export const ADD_CHOICE_TITLE = "What would you like to add?";

export interface AddChoiceModalProps {
  open: boolean;
  onClose: () => void;
  onAddTask: () => void;
  onUploadFile: () => void;
}

export function AddChoiceModal({ open, onClose, onAddTask, onUploadFile }: AddChoiceModalProps) {
  return (
    <Modal open={open} onClose={onClose} title={ADD_CHOICE_TITLE} size="small">
      <ul className={styles.options}>
        <ChoiceOption
          icon={<ClipboardPlus size={22} />}
          label="Add Task"
          subtext="Create a task with due date and priority"
          onSelect={onAddTask}
        />
        <ChoiceOption
          icon={<FileUp size={22} />}
          label="Upload File"
          subtext="Upload PNG, image or document for processing"
          onSelect={onUploadFile}
        />
      </ul>
    </Modal>
  );
}

interface ChoiceOptionProps {
  icon: ReactNode;
  label: string;
  subtext: string;
  onSelect: () => void;
}

/**
 * A large option. Its name is all its visible text, label first ("Add Task Create a task..."), so
 * that speech input users can say what they see (WCAG 2.5.3).
 */
function ChoiceOption({ icon, label, subtext, onSelect }: ChoiceOptionProps) {
  return (
    <li>
      <button type="button" className={styles.option} onClick={onSelect}>
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
        <span className={styles.text}>
          <span className={styles.label}>{label}</span>{" "}
          <span className={styles.subtext}>{subtext}</span>
        </span>
      </button>
    </li>
  );
}
