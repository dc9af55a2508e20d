export type CountryCode = "AR" | "MX" | "CO" | "CL";

export interface DrawWinner {
  /** First name and surname initial only, as the site promises (product.md "Winners"). */
  name: string;
  /** ISO date of the draw, for `<time dateTime>`. */
  date: string;
  dateLabel: string;
  country: { code: CountryCode; name: string };
  prize: string;
  testimony: string;
}

/** Spec §9: four hard-coded previous winners on /sorteos, newest first. */
export const DRAW_WINNERS: DrawWinner[] = [
  {
    name: "Valentina R.",
    date: "2026-11-02",
    dateLabel: "2 de noviembre de 2026",
    country: { code: "AR", name: "Argentina" },
    prize: "Visa US$200",
    testimony:
      "Respondí la encuesta en el colectivo, volviendo del laburo. Cuando me llegó el mail pensé que era un chiste, pero a la semana ya tenía la tarjeta.",
  },
  {
    name: "Diego M.",
    date: "2026-10-05",
    dateLabel: "5 de octubre de 2026",
    country: { code: "MX", name: "México" },
    prize: "Visa US$200",
    testimony:
      "Pensé que era otro sorteo de mentira. Me escribieron el mismo día y el equipo de soporte me ayudó con cada paso para recibir el premio.",
  },
  {
    name: "Camila S.",
    date: "2026-09-07",
    dateLabel: "7 de septiembre de 2026",
    country: { code: "CO", name: "Colombia" },
    prize: "Visa US$200",
    testimony:
      "Las encuestas son cortitas y nunca me pidieron datos raros. Me gustó que publicaran solo mi nombre y la inicial del apellido.",
  },
  {
    name: "Martín P.",
    date: "2026-08-03",
    dateLabel: "3 de agosto de 2026",
    country: { code: "CL", name: "Chile" },
    prize: "Visa US$200",
    testimony:
      "Llevaba tres meses participando y justo me tocó en agosto. La usé para unas compras online y funcionó sin problemas.",
  },
];
