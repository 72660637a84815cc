// Development preview of @life-admin/ui (`pnpm --filter @life-admin/ui preview`). Each view is a
// URL (?view=...) so that it can be screenshot headless. Not part of the product.
import { StrictMode, useState } from "react";
import { createRoot } from "react-dom/client";
import "../src/styles.css";
import type { Subscription, Task } from "@life-admin/domain";
import {
  AddItemModal,
  type AddItemTab,
  Badge,
  Button,
  DeleteDialog,
  type DashboardModal,
  DashboardModals,
  DashboardView,
  ErrorBanner,
  ErrorScreen,
  type GoogleSignInStatus,
  type ItemActions,
  LoadingScreen,
  PriorityBadge,
  SignUpPanel,
  UploadModal,
  type ViewMode,
} from "../src/index";
import { CURRENCY, LOCALE, NOW, TODAY } from "../src/test/fixtures";
import { PreviewSubscriptionForm, PreviewTaskForm } from "./preview-forms";
import { SUBSCRIPTIONS, TASKS, USER } from "./example-data";
import styles from "./preview.module.css";

const VIEWS = [
  "dashboard",
  "dashboard-empty",
  "add-choice",
  "add-item",
  "add-subscription",
  "upload",
  "all-tasks",
  "all-subscriptions",
  "all-events",
  "edit-task",
  "edit-subscription",
  "confirm-delete",
  "sign-up",
  "loading",
  "error",
  "pieces",
] as const;
type View = (typeof VIEWS)[number];

/** The views that open the dashboard with one of its modals. */
const DASHBOARD_MODALS: readonly DashboardModal[] = [
  "add-choice",
  "add-item",
  "upload",
  "all-tasks",
  "all-subscriptions",
  "all-events",
];

const params = new URLSearchParams(window.location.search);
const view: View = VIEWS.find((name) => name === params.get("view")) ?? "dashboard";
const state = params.get("state");

function DevBar() {
  return (
    <nav className={styles.devBar} aria-label="Preview views">
      <strong>DEVELOPMENT PREVIEW of @life-admin/ui, not part of the product</strong>
      {VIEWS.map((name) => (
        <a key={name} href={`?view=${name}`} aria-current={name === view ? "page" : undefined}>
          {name}
        </a>
      ))}
    </nav>
  );
}

/** A record open in the edit form, and whether its deletion is being asked about. */
type Editing =
  | { kind: "task"; record: Task; confirming: boolean }
  | { kind: "subscription"; record: Subscription; confirming: boolean };

/** The view asked for, as the record it opens the edit form on (the first of each list). */
function editingAtOpening(opening: View | undefined): Editing | null {
  const task = TASKS[0];
  const subscription = SUBSCRIPTIONS[0];
  if (!task || !subscription) return null;
  if (opening === "edit-task") return { kind: "task", record: task, confirming: false };
  if (opening === "confirm-delete") return { kind: "task", record: task, confirming: true };
  if (opening === "edit-subscription") {
    return { kind: "subscription", record: subscription, confirming: false };
  }
  return null;
}

/**
 * The dashboard wired as the web app wires it: one modal open at a time, asked for by name; the
 * records' controls change the example data in memory (issue 18), and a name opens its record in
 * the Add form in edit mode, whose Delete asks first.
 */
function Dashboard({ empty = false, opening }: { empty?: boolean; opening?: View }) {
  const [mode, setMode] = useState<ViewMode>("my");
  const [tasks, setTasks] = useState(empty ? [] : TASKS);
  const [subscriptions, setSubscriptions] = useState(empty ? [] : SUBSCRIPTIONS);
  const [editing, setEditing] = useState<Editing | null>(editingAtOpening(opening));
  const actions: ItemActions = {
    onTaskComplete: (id, completed) => {
      setTasks((list) => list.map((task) => (task.id === id ? { ...task, completed } : task)));
    },
    onTaskEdit: (id) => {
      const record = tasks.find((task) => task.id === id);
      if (record) setEditing({ kind: "task", record, confirming: false });
    },
    onSubscriptionEdit: (id) => {
      const record = subscriptions.find((subscription) => subscription.id === id);
      if (record) setEditing({ kind: "subscription", record, confirming: false });
    },
    onSubscriptionActive: (id, active) => {
      setSubscriptions((list) => list.map((s) => (s.id === id ? { ...s, active } : s)));
    },
  };
  const deleteEditing = () => {
    if (editing?.kind === "task") setTasks((list) => list.filter((t) => t !== editing.record));
    if (editing?.kind === "subscription") {
      setSubscriptions((list) => list.filter((s) => s !== editing.record));
    }
    setEditing(null);
  };
  const [modal, setModal] = useState<DashboardModal | null>(
    opening === "add-subscription"
      ? "add-item"
      : (DASHBOARD_MODALS.find((name) => name === opening) ?? null),
  );
  const [tab, setTab] = useState<AddItemTab>(
    opening === "add-subscription" ? "subscription" : "task",
  );
  const closeModal = () => {
    setModal(null);
  };
  // What the page and its list modals both show.
  const data = {
    tasks,
    subscriptions,
    today: TODAY,
    now: NOW.getTime(),
    currency: CURRENCY,
    locale: LOCALE,
    actions,
  };
  const askToDelete = () => {
    setEditing((current) => current && { ...current, confirming: true });
  };
  const busy = state === "busy";
  return (
    <DashboardView
      user={empty ? null : USER}
      {...data}
      error={state === "action-error" ? "Task not found" : null}
      view={mode}
      onViewChange={setMode}
      onOpen={setModal}
      // The preview has no session: the account menu opens, and Sign out goes to the sign-up page.
      onSignOut={() => {
        window.location.search = "?view=sign-up";
      }}
    >
      <DashboardModals
        modal={modal}
        onOpen={setModal}
        onClose={closeModal}
        {...data}
        error={state === "action-error" ? "Task not found" : null}
      >
        <AddItemModal
          open={modal === "add-item"}
          onClose={closeModal}
          tab={tab}
          onTabChange={setTab}
          error={state === "error" ? "Request failed with status 500" : null}
          taskForm={<PreviewTaskForm busy={busy} onCancel={closeModal} />}
          subscriptionForm={
            <PreviewSubscriptionForm
              busy={busy}
              onCancel={closeModal}
              withErrors={state === "error"}
            />
          }
        />
        <UploadModal
          open={modal === "upload"}
          onClose={closeModal}
          onDone={closeModal}
          progress={busy ? 0.6 : null}
        />
        <AddItemModal
          open={editing !== null}
          onClose={() => {
            setEditing(null);
          }}
          tab={editing?.kind ?? "task"}
          onTabChange={() => undefined}
          editing={editing?.kind ?? "task"}
          error={state === "error" ? "Request failed with status 500" : null}
          taskForm={
            editing?.kind === "task" && (
              <PreviewTaskForm
                busy={busy}
                onCancel={() => {
                  setEditing(null);
                }}
                task={editing.record}
                onDelete={askToDelete}
              />
            )
          }
          subscriptionForm={
            editing?.kind === "subscription" && (
              <PreviewSubscriptionForm
                busy={busy}
                onCancel={() => {
                  setEditing(null);
                }}
                subscription={editing.record}
                onDelete={askToDelete}
              />
            )
          }
        />
        <DeleteDialog
          open={editing?.confirming === true}
          item={editing?.kind ?? "task"}
          name={
            editing?.kind === "subscription" ? editing.record.name : (editing?.record.title ?? "")
          }
          onConfirm={deleteEditing}
          onCancel={() => {
            setEditing((current) => current && { ...current, confirming: false });
          }}
        />
      </DashboardModals>
    </DashboardView>
  );
}

function SignUp() {
  const [status, setStatus] = useState<GoogleSignInStatus>(
    state === "redirecting" || state === "error" ? state : "idle",
  );
  return (
    <SignUpPanel
      status={status}
      authError={state === "auth-error"}
      onContinueWithGoogle={() => {
        setStatus("redirecting");
      }}
      onSignUpWithEmail={() => undefined}
    />
  );
}

function Pieces() {
  return (
    <main className={styles.gallery}>
      <h1 className={styles.heading}>Building blocks</h1>
      <section className={styles.panel}>
        <h2 className={styles.heading}>Buttons</h2>
        <div className={styles.row}>
          <Button variant="primary">Primary</Button>
          <Button variant="secondary">Secondary</Button>
          <Button variant="ghost">Ghost</Button>
          <Button variant="primary" busy busyText="Adding...">
            Save
          </Button>
        </div>
      </section>
      <section className={styles.panel}>
        <h2 className={styles.heading}>Badges</h2>
        <div className={styles.row}>
          <PriorityBadge priority="High" />
          <PriorityBadge priority="Medium" />
          <PriorityBadge priority="Low" />
          <Badge tone="renewal">Tomorrow</Badge>
          <Badge tone="info">Monthly</Badge>
        </div>
      </section>
      <section className={styles.panel}>
        <h2 className={styles.heading}>Error banner</h2>
        <ErrorBanner message="Request failed with status 500" />
      </section>
      <section className={styles.panel}>
        <h2 className={styles.heading}>Task form</h2>
        <PreviewTaskForm busy={false} onCancel={() => undefined} />
      </section>
      <section className={styles.panel}>
        <h2 className={styles.heading}>Subscription form with messages</h2>
        <PreviewSubscriptionForm busy={false} onCancel={() => undefined} withErrors />
      </section>
    </main>
  );
}

function App() {
  switch (view) {
    case "dashboard":
      return <Dashboard />;
    case "dashboard-empty":
      return <Dashboard empty />;
    case "add-choice":
    case "add-item":
    case "add-subscription":
    case "upload":
    case "all-tasks":
    case "all-subscriptions":
    case "all-events":
    case "edit-task":
    case "edit-subscription":
    case "confirm-delete":
      return <Dashboard opening={view} />;
    case "sign-up":
      return <SignUp />;
    case "loading":
      return <LoadingScreen />;
    case "error":
      return (
        <ErrorScreen
          message="Request failed with status 503"
          onReload={() => {
            window.location.reload();
          }}
        />
      );
    case "pieces":
      return <Pieces />;
    default: {
      const unknown: never = view;
      throw new Error(`Unknown view ${String(unknown)}`);
    }
  }
}

const root = document.getElementById("root");
if (!root) throw new Error("no #root");
createRoot(root).render(
  <StrictMode>
    <DevBar />
    <App />
  </StrictMode>,
);

// ?offset=Y: headless screenshots capture the top of the page only, so the page is shifted up
// by Y pixels to bring a lower part into view.
const offset = Number(params.get("offset") ?? 0);
if (offset > 0) document.body.style.marginTop = `-${offset}px`;

// ?axe=1: run axe-core in the real browser (colour contrast included, which jsdom cannot check)
// and write the violations into the page, for `chromium --headless --dump-dom`.
if (params.get("axe") === "1") {
  setTimeout(() => {
    void import("axe-core").then(async ({ default: axe }) => {
      const results = await axe.run(document);
      const out = document.createElement("pre");
      out.id = "axe-results";
      out.textContent = JSON.stringify(
        results.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n) => ({ target: n.target, summary: n.failureSummary })),
        })),
      );
      document.body.append(out);
    });
  }, 1000);
}
