/**
 * The mail that tells a user about a new notice (decision 0250), in the six interface languages.
 * It names the kind of notice and nothing of its values (no amounts, symbols or account digits in
 * an e-mail): the notice itself is read in the app, signed in.
 */
import type { NotificationKind } from "../../src/domain/notifications"
import type { StatementLanguage } from "../../src/domain/statements"

export interface NoticeMailTexts {
  /** Each kind's title, the mail's subject after "Chartfolio: ". */
  readonly titles: Readonly<Record<NotificationKind, string>>
  /** The body; "{title}" is the kind's title. */
  readonly body: string
}

export const NOTICE_MAIL_TEXTS: Readonly<Record<StatementLanguage, NoticeMailTexts>> = {
  en: {
    titles: {
      "alert-fired": "A price alert fired",
      "order-filled": "An order was filled",
      "order-rejected": "An order was rejected",
      "order-cancelled": "An order was cancelled",
      "withdrawal-completed": "A withdrawal was paid out",
      "withdrawal-failed": "A withdrawal failed",
      "bank-account-added": "A bank account was added",
      "bank-account-deleted": "A bank account was deleted",
      "document-reviewed": "A document was reviewed",
      "new-device-sign-in": "Sign-in from a new device",
    },
    body: "There is a new notice in your Chartfolio inbox: {title}.\n\nSign in to Chartfolio to read it. If this was not you, change your password and contact support.\n\nYou receive this e-mail because you chose so in your notification preferences; you can change them in the inbox.",
  },
  zh: {
    titles: {
      "alert-fired": "价格提醒已触发",
      "order-filled": "订单已成交",
      "order-rejected": "订单被拒绝",
      "order-cancelled": "订单已取消",
      "withdrawal-completed": "提款已支付",
      "withdrawal-failed": "提款失败",
      "bank-account-added": "已添加银行账户",
      "bank-account-deleted": "已删除银行账户",
      "document-reviewed": "文件已审核",
      "new-device-sign-in": "新设备登录",
    },
    body: "您的 Chartfolio 收件箱有一条新通知：{title}。\n\n请登录 Chartfolio 查看。如果这不是您本人的操作，请修改密码并联系客服。\n\n您收到此邮件是因为您在通知偏好中选择了邮件提醒；您可以在收件箱中更改。",
  },
  es: {
    titles: {
      "alert-fired": "Se activó una alerta de precio",
      "order-filled": "Se ejecutó una orden",
      "order-rejected": "Se rechazó una orden",
      "order-cancelled": "Se canceló una orden",
      "withdrawal-completed": "Se pagó un retiro",
      "withdrawal-failed": "Un retiro falló",
      "bank-account-added": "Se añadió una cuenta bancaria",
      "bank-account-deleted": "Se eliminó una cuenta bancaria",
      "document-reviewed": "Se revisó un documento",
      "new-device-sign-in": "Inicio de sesión desde un dispositivo nuevo",
    },
    body: "Hay un aviso nuevo en su bandeja de Chartfolio: {title}.\n\nInicie sesión en Chartfolio para leerlo. Si no fue usted, cambie su contraseña y contacte con soporte.\n\nRecibe este correo porque así lo eligió en sus preferencias de avisos; puede cambiarlas en la bandeja.",
  },
  ja: {
    titles: {
      "alert-fired": "価格アラートが作動しました",
      "order-filled": "注文が約定しました",
      "order-rejected": "注文が拒否されました",
      "order-cancelled": "注文が取り消されました",
      "withdrawal-completed": "出金が支払われました",
      "withdrawal-failed": "出金に失敗しました",
      "bank-account-added": "銀行口座が追加されました",
      "bank-account-deleted": "銀行口座が削除されました",
      "document-reviewed": "書類が審査されました",
      "new-device-sign-in": "新しいデバイスからのサインイン",
    },
    body: "Chartfolio の受信箱に新しいお知らせがあります：{title}。\n\nChartfolio にサインインしてご確認ください。心当たりがない場合は、パスワードを変更してサポートにご連絡ください。\n\n通知設定でメールを選択されたため、このメールをお送りしています。設定は受信箱で変更できます。",
  },
  de: {
    titles: {
      "alert-fired": "Ein Kursalarm wurde ausgelöst",
      "order-filled": "Eine Order wurde ausgeführt",
      "order-rejected": "Eine Order wurde abgelehnt",
      "order-cancelled": "Eine Order wurde storniert",
      "withdrawal-completed": "Eine Auszahlung wurde überwiesen",
      "withdrawal-failed": "Eine Auszahlung ist fehlgeschlagen",
      "bank-account-added": "Ein Bankkonto wurde hinzugefügt",
      "bank-account-deleted": "Ein Bankkonto wurde gelöscht",
      "document-reviewed": "Ein Dokument wurde geprüft",
      "new-device-sign-in": "Anmeldung von einem neuen Gerät",
    },
    body: "In Ihrem Chartfolio-Posteingang liegt eine neue Mitteilung: {title}.\n\nMelden Sie sich bei Chartfolio an, um sie zu lesen. Falls Sie das nicht waren, ändern Sie Ihr Passwort und wenden Sie sich an den Support.\n\nSie erhalten diese E-Mail, weil Sie es in Ihren Benachrichtigungseinstellungen so gewählt haben; Sie können sie im Posteingang ändern.",
  },
  fr: {
    titles: {
      "alert-fired": "Une alerte de cours s’est déclenchée",
      "order-filled": "Un ordre a été exécuté",
      "order-rejected": "Un ordre a été rejeté",
      "order-cancelled": "Un ordre a été annulé",
      "withdrawal-completed": "Un retrait a été versé",
      "withdrawal-failed": "Un retrait a échoué",
      "bank-account-added": "Un compte bancaire a été ajouté",
      "bank-account-deleted": "Un compte bancaire a été supprimé",
      "document-reviewed": "Un document a été examiné",
      "new-device-sign-in": "Connexion depuis un nouvel appareil",
    },
    body: "Un nouvel avis vous attend dans votre boîte Chartfolio : {title}.\n\nConnectez-vous à Chartfolio pour le lire. Si ce n’était pas vous, changez votre mot de passe et contactez le support.\n\nVous recevez cet e-mail parce que vous l’avez choisi dans vos préférences d’avis ; vous pouvez les modifier dans la boîte.",
  },
}

/** The mail for a new notice of this kind, in this language. */
export const noticeMail = (kind: NotificationKind, language: StatementLanguage): { readonly subject: string; readonly text: string } => {
  const texts = NOTICE_MAIL_TEXTS[language]
  const title = texts.titles[kind]
  return { subject: `Chartfolio: ${title}`, text: texts.body.replace("{title}", title) }
}
