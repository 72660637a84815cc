// The two Add forms drawn with the ui pieces, as the web app will build them (there with
// react-hook-form and zodResolver). Preview only: these forms submit nowhere.
import { FREQUENCIES, PRIORITIES, REMINDER_OPTIONS } from "@life-admin/domain";
import {
  Badge,
  Button,
  Field,
  FieldRow,
  FieldStack,
  FormActions,
  InputGroup,
  MoneyInput,
  PriorityBadge,
  Select,
  SUBSCRIPTION_SUBMIT_LABEL,
  TASK_SUBMIT_LABEL,
  TextArea,
  TextInput,
} from "../src/index";

const ASSIGNEES = [{ value: "Myself", label: "Myself" }];

export function ExampleTaskForm({ busy, onCancel }: { busy: boolean; onCancel: () => void }) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <FieldStack>
        <Field label="Task Title">
          {(control) => <TextInput {...control} placeholder="eg Renew car insurance" required />}
        </Field>
        <FieldRow>
          <Field label="Due Date">{(control) => <TextInput {...control} type="date" />}</Field>
          <Field label="Time">{(control) => <TextInput {...control} type="time" />}</Field>
        </FieldRow>
        <FieldRow>
          <Field label="Frequency">
            {(control) => <Select {...control} options={FREQUENCIES} />}
          </Field>
          <Field label="Priority" aside={<PriorityBadge priority="Medium" />}>
            {(control) => <Select {...control} options={PRIORITIES} defaultValue="Medium" />}
          </Field>
        </FieldRow>
        <Field label="Assigned To">
          {(control) => <Select {...control} options={ASSIGNEES} />}
        </Field>
        <Field label="Notes (Optional)">{(control) => <TextArea {...control} />}</Field>
        <FormActions submitLabel={TASK_SUBMIT_LABEL} busy={busy} onCancel={onCancel} />
      </FieldStack>
    </form>
  );
}

export function ExampleSubscriptionForm({
  busy,
  onCancel,
  withErrors = false,
}: {
  busy: boolean;
  onCancel: () => void;
  withErrors?: boolean;
}) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
      }}
    >
      <FieldStack>
        <Field
          label="Subscription Name"
          error={withErrors ? "Subscription name is required" : undefined}
        >
          {(control) => <TextInput {...control} placeholder="eg Netflix" />}
        </Field>
        <FieldRow>
          <Field label="Next renewal Date">
            {(control) => <TextInput {...control} type="date" />}
          </Field>
          <Field label="Frequency">
            {(control) => <Select {...control} options={FREQUENCIES} />}
          </Field>
        </FieldRow>
        <FieldRow>
          <Field label="Cost" error={withErrors ? "Cost cannot be negative" : undefined}>
            {(control) => <MoneyInput {...control} placeholder="0.00" />}
          </Field>
          <Field label="Remind Me">
            {(control) => (
              <Select {...control} options={REMINDER_OPTIONS} defaultValue="7 days before" />
            )}
          </Field>
        </FieldRow>
        <div>
          <Badge tone="medium" dot>
            Medium Priority
          </Badge>
        </div>
        <Field label="Assigned To">
          {(control) => <Select {...control} options={ASSIGNEES} />}
        </Field>
        <Field
          label="Cancelation link"
          hint="Where you cancel this subscription, if you know it."
          error={
            withErrors
              ? "Cancel link must be a full web address starting with http:// or https://"
              : undefined
          }
        >
          {(control) => (
            <InputGroup>
              <TextInput {...control} type="url" placeholder="https://" />
              <Button variant="secondary">Find</Button>
            </InputGroup>
          )}
        </Field>
        <FormActions submitLabel={SUBSCRIPTION_SUBMIT_LABEL} busy={busy} onCancel={onCancel} />
      </FieldStack>
    </form>
  );
}
