export {
  AttachmentBadge, EmailLogTable, EmailStatusBadge, EmailViewDialog, EntityEmailLogs, UPDATE_PENDING, downloadEmailAttachment, emailColumns, emailLogKey, queuedBanner, useEmailLog,
} from './EmailLog.js';
export { SendEmailDialog, type EmailToType, type SendEmailDefaults } from './SendEmailDialog.js';
