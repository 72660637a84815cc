// @life-admin/ui: the product's React components. Props in, callbacks out: nothing here fetches,
// routes or reads storage, so every component can be shown and tested with plain data.
// Import "@life-admin/ui/styles.css" once for the design tokens and base styles.

// Building blocks
export { Badge, PriorityBadge, type BadgeProps } from "./base/badge";
export { Button, type ButtonProps, type ButtonVariant } from "./base/button";
export {
  Card,
  CardAction,
  CardList,
  CardRow,
  EmptyText,
  type CardProps,
  type CardRowProps,
} from "./base/card";
export {
  MoneyInput,
  Select,
  TextArea,
  TextInput,
  type MoneyInputProps,
  type SelectOption,
  type SelectProps,
} from "./base/controls";
export { ErrorBanner } from "./base/error-banner";
export {
  Field,
  FieldRow,
  FieldStack,
  InputGroup,
  type FieldControlProps,
  type FieldProps,
} from "./base/field";
export {
  ADDING_LABEL,
  CANCEL_LABEL,
  FormActions,
  SAVE_CHANGES_LABEL,
  SAVING_LABEL,
  SUBSCRIPTION_SUBMIT_LABEL,
  TASK_SUBMIT_LABEL,
  type FormActionsProps,
} from "./base/form-actions";
export { IconButton, type IconButtonProps } from "./base/icon-button";
export { ACTIVE_LABEL, ActiveSwitch } from "./base/active-switch";
export {
  CompleteButton,
  ItemTitleButton,
  MARK_DONE_LABEL,
  MARK_NOT_DONE_LABEL,
  PAUSED_LABEL,
} from "./base/item-controls";
export { MODAL_OPEN_CLASS, Modal, type ModalProps } from "./base/modal";
export { Tabs, type TabItem, type TabsProps } from "./base/tabs";
export { toneLabel, type Tone } from "./base/tone";
export { VisuallyHidden } from "./base/visually-hidden";

// Forms
export type {
  FieldBinding,
  FormBindings,
  FormControlElement,
  SharedValue,
} from "./forms/form-bindings";
export type { FormSubmission } from "./forms/item-form";
export {
  ASSIGNED_TO_LABEL,
  MYSELF,
  SHARE_LABEL,
  SharingFields,
  type SharingChoice,
  type SharingFieldsProps,
} from "./forms/sharing-fields";
export {
  SubscriptionForm,
  type SubscriptionFieldName,
  type SubscriptionFormProps,
} from "./forms/subscription-form";
export { KeptFormNote, type KeptFormNoteProps } from "./forms/kept-form-note";
export { type LastMove, TaskForm, type TaskFieldName, type TaskFormProps } from "./forms/task-form";
export { TaskHistoryList, type TaskHistoryListProps } from "./forms/task-history";

// Header
export {
  AppHeader,
  notificationsLabel,
  PRODUCT_NAME,
  type AppHeaderProps,
} from "./header/app-header";
export {
  VIEW_MODES,
  ViewSwitcher,
  type ViewMode,
  type ViewSwitcherProps,
} from "./header/view-switcher";

// Dashboard
export {
  AGENDA_EVENTS_SHOWN,
  AGENDA_SCROLL_STEP,
  AgendaStrip,
  type AgendaStripProps,
} from "./dashboard/agenda-strip";
export type { DashboardModal } from "./dashboard/dashboard-modal";
export { DashboardView, type DashboardViewProps } from "./dashboard/dashboard-view";
export { ALL_DAY_LABEL, REPEAT_LABEL, eventTimeText } from "./dashboard/event-time";
export { DOWNLOAD_ICS_LABEL, type ItemActions } from "./dashboard/item-actions";
export {
  PRIORITY_TASKS_SHOWN,
  PriorityTasksCard,
  type PriorityTasksCardProps,
} from "./dashboard/priority-tasks-card";
export { NO_HOUSEHOLD_TEXT, NoHouseholdNotice } from "./dashboard/no-household-notice";
export { RecordNotes, type RecordNoteOf } from "./dashboard/record-notes";
export { RenewalsSoonCard, type RenewalsSoonCardProps } from "./dashboard/renewals-soon-card";
export {
  AUTHENTICATING_TEXT,
  ErrorScreen,
  LOADING_APP_TEXT,
  LOADING_DATA_TEXT,
  LoadingScreen,
  type ErrorScreenProps,
} from "./dashboard/status-screen";
export {
  NO_SUBSCRIPTIONS_TEXT,
  SubscriptionsSummary,
  type SubscriptionsSummaryProps,
} from "./dashboard/subscriptions-summary";
export {
  NO_TASKS_TEXT,
  SUMMARY_ROWS,
  TasksSummary,
  type TasksSummaryProps,
} from "./dashboard/tasks-summary";
export { UpcomingEventsCard, type UpcomingEventsCardProps } from "./dashboard/upcoming-events-card";
export { WelcomeBanner, type WelcomeBannerProps } from "./dashboard/welcome-banner";

// Modals
export {
  ADD_CHOICE_TITLE,
  AddChoiceModal,
  type AddChoiceModalProps,
} from "./modals/add-choice-modal";
export {
  ADD_ITEM_TITLE,
  EDIT_TITLES,
  AddItemModal,
  type AddItemModalProps,
  type AddItemTab,
} from "./modals/add-item-modal";
export {
  ALL_SUBSCRIPTIONS_TITLE,
  AllSubscriptionsModal,
  type AllSubscriptionsModalProps,
  SEARCH_SUBSCRIPTIONS_LABEL,
} from "./modals/all-subscriptions-modal";
export {
  ALL_TASKS_TITLE,
  AllTasksModal,
  type AllTasksModalProps,
  SEARCH_TASKS_LABEL,
} from "./modals/all-tasks-modal";
export {
  ALL_EVENTS_DESCRIPTION,
  ALL_EVENTS_TITLE,
  AllEventsModal,
  EVENTS_SHOWN_PER_DAY,
  NO_EVENTS_TEXT,
  type AllEventsModalProps,
} from "./modals/all-events-modal";
export { DeleteDialog, type DeleteDialogProps } from "./modals/delete-dialog";
export { DiscardDialog, type DiscardDialogProps } from "./modals/discard-dialog";
export { DashboardModals, type DashboardModalsProps } from "./modals/dashboard-modals";
export {
  FILL_IN_LABEL,
  KEEP_FILE_ONLY_LABEL,
  READING_LABEL,
  UPLOADING_LABEL,
  UPLOAD_TITLE,
  UploadModal,
  type UnreadableUpload,
  type UploadModalProps,
} from "./modals/upload-modal";

// Calendar (issue 19)
export {
  CALENDAR_FEED_HEADING,
  CalendarFeedSection,
  NOT_FETCHED_TEXT,
  ROTATE_LABEL,
  ROTATE_QUESTION,
  ROTATE_WARNING,
  ROTATED_TEXT,
  type CalendarFeedSectionProps,
} from "./calendar/calendar-feed-section";
export {
  CONNECT_CALENDAR_DESCRIPTION,
  CONNECT_CALENDAR_TITLE,
  ConnectCalendarDialog,
  ADDED_IT_LABEL,
  type ConnectCalendarDialogProps,
} from "./calendar/connect-calendar-dialog";
export {
  APPLE_OUTLOOK_LABEL,
  COPIED_TEXT,
  COPY_FAILED_TEXT,
  COPY_LABEL,
  FEED_ADDRESS_LABEL,
  FEED_PRIVACY_TEXT,
  FeedAddress,
  FeedLinks,
  GOOGLE_LABEL,
  googleCalendarUrl,
  type FeedAddressProps,
} from "./calendar/feed-address";
export { StatusNotice, type StatusNoticeProps } from "./calendar/status-notice";

// Settings (issue 19; the account issue adds to it)
export { SETTINGS_TITLE, SettingsPage, type SettingsPageProps } from "./settings/settings-page";
export { SectionLoading, type SectionLoadingProps } from "./settings/section-loading";
export {
  DELETE_ACCOUNT_BUSY_TEXT,
  DELETE_ACCOUNT_HEADING,
  DELETE_ACCOUNT_LABEL,
  DeleteAccountSection,
  type DeleteAccountSectionProps,
  deleteConfirmationLabel,
} from "./settings/delete-account-section";
export {
  LOADING_SESSIONS_TEXT,
  ONLY_THIS_DEVICE_TEXT,
  SESSIONS_HEADING,
  SIGN_OUT_LABEL,
  SIGN_OUT_OTHERS_LABEL,
  SessionsSection,
  THIS_DEVICE_TEXT,
  UNKNOWN_DEVICE_TEXT,
  deviceLabel,
  type SessionsBusy,
  type SessionsSectionProps,
} from "./settings/sessions-section";

export {
  EXPORT_BUSY_TEXT,
  EXPORT_HEADING,
  EXPORT_LABEL,
  ExportSection,
  type ExportSectionProps,
} from "./settings/export-section";
export {
  IMPORT_BUSY_TEXT,
  IMPORT_HEADING,
  IMPORT_LABEL,
  ImportSection,
  type ImportSectionProps,
} from "./settings/import-section";

// Household (issue 23)
export {
  COPY_LINK_LABEL,
  CREATE_HOUSEHOLD_LABEL,
  HOUSEHOLD_HEADING,
  HOUSEHOLD_NAME_LABEL,
  HouseholdSection,
  INVITATION_LINK_LABEL,
  INVITE_LABEL,
  LEAVE_LABEL,
  HOUSEHOLD_INTRO_TEXT,
  LOADING_HOUSEHOLD_TEXT,
  REMOVE_LABEL,
  leavingText,
  type HouseholdBusy,
  type HouseholdSectionProps,
} from "./settings/household-section";
export {
  INVITED_HEADING,
  JOIN_LABEL,
  JOIN_TITLE,
  JoinHouseholdSection,
  NO_INVITATION_TEXT,
  NOT_NOW_LABEL,
  OPEN_FAMILY_VIEW_LABEL,
  SIGN_IN_TO_JOIN_LABEL,
  type JoinHouseholdSectionProps,
  type JoinInvitation,
  type JoinStep,
} from "./settings/join-household-section";

// Sign-up
export {
  AUTH_FAILED_TEXT,
  GOOGLE_FAILED_TEXT,
  PRIVACY_TEXT,
  REDIRECTING_TEXT,
  SIGN_UP_HEADING,
  SignUpPanel,
  TAGLINE,
  type GoogleSignInStatus,
  type SignUpPanelProps,
} from "./sign-up/sign-up-panel";

// Reminders (issue 20)
export {
  LOADING_NOTIFICATIONS_TEXT,
  MARK_ALL_READ_LABEL,
  NO_NOTIFICATIONS_TEXT,
  NOTIFICATIONS_TITLE,
  NotificationsModal,
  UNREAD_LABEL,
  type NotificationsModalProps,
} from "./notifications/notifications-modal";
export { notificationText } from "./notifications/notification-text";
export { unreadCount } from "./notifications/unread-count";
export {
  EMAIL_REMINDERS_HEADING,
  EMAIL_REMINDERS_LABEL,
  EMAIL_UNAVAILABLE_TEXT,
  EmailRemindersSection,
  REMINDER_HOUR_LABEL,
  SAVED_TEXT,
  type EmailRemindersSectionProps,
  type EmailSettings,
} from "./settings/email-reminders-section";

// Profile (issue 22)
export {
  CURRENCY_LABEL,
  NAME_LABEL,
  PROFILE_HEADING,
  ProfileSection,
  SAVE_PROFILE_LABEL,
  TIME_ZONE_LABEL,
  type ProfileChange,
  type ProfileSectionProps,
} from "./settings/profile-section";

// Documents (issue 21)
export {
  DOCUMENTS_TITLE,
  type DocumentItem,
  DocumentsModal,
  type DocumentsModalProps,
  FILE_KEPT_CONSEQUENCE,
  LOADING_DOCUMENTS_TEXT,
  NO_DOCUMENTS_TEXT,
} from "./files/documents-modal";
export { documentTypeText, fileSizeText } from "./files/document-text";
export {
  MadeFromNote,
  type MadeFromNoteProps,
  SourceDocumentNote,
  type SourceDocumentNoteProps,
} from "./files/source-document-note";
