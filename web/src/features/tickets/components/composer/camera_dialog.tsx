import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Camera, RotateCcw, Send } from "lucide-react";
import { Button } from "../../../../components/ui/button.tsx";
import { Dialog } from "../../../../components/ui/dialog.tsx";
import { Spinner } from "../../../../components/ui/spinner.tsx";

/**
 * Takes a photo with the device's camera (getUserMedia) and hands it back as a JPEG file; the
 * stream is stopped as soon as the dialog closes or the photo is taken.
 */
export function CameraDialog(
  { onClose, onSend, sending }: { onClose: () => void; onSend: (f: File) => Promise<void>; sending: boolean },
) {
  const { t } = useTranslation("attend");
  const video = useRef<HTMLVideoElement>(null);
  const stream = useRef<MediaStream | null>(null);
  const [state, setState] = useState<"starting" | "live" | "error">("starting");
  const [photo, setPhoto] = useState<{ file: File; url: string } | null>(null);

  const stop = () => {
    stream.current?.getTracks().forEach((tr) => tr.stop());
    stream.current = null;
  };
  const start = async () => {
    setState("starting");
    try {
      if (!navigator.mediaDevices?.getUserMedia) throw new Error("unsupported");
      stream.current = await navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" } });
      if (video.current) {
        video.current.srcObject = stream.current;
        await video.current.play().catch(() => undefined);
      }
      setState("live");
    } catch {
      setState("error");
    }
  };
  useEffect(() => {
    start();
    return stop;
  }, []);
  useEffect(() => () => {
    if (photo) URL.revokeObjectURL(photo.url);
  }, [photo]);

  const capture = () => {
    const v = video.current;
    if (!v || !v.videoWidth) return;
    const canvas = document.createElement("canvas");
    canvas.width = v.videoWidth;
    canvas.height = v.videoHeight;
    canvas.getContext("2d")!.drawImage(v, 0, 0);
    canvas.toBlob(
      (blob) => {
        if (!blob) return;
        const file = new File([blob], `photo-${Date.now()}.jpg`, { type: "image/jpeg" });
        setPhoto({ file, url: URL.createObjectURL(blob) });
        stop();
      },
      "image/jpeg",
      0.9,
    );
  };
  const retake = () => {
    setPhoto(null);
    start();
  };

  return (
    <Dialog
      open
      onOpenChange={(o) => !o && onClose()}
      title={t("camera.title")}
      footer={photo
        ? (
          <>
            <Button variant="secondary" onClick={retake} data-testid="camera-retake">
              <RotateCcw className="size-4" />
              {t("camera.retake")}
            </Button>
            <Button onClick={() => onSend(photo.file)} loading={sending} data-testid="camera-send">
              <Send className="size-4" />
              {t("camera.send")}
            </Button>
          </>
        )
        : (
          <Button onClick={capture} disabled={state !== "live"} data-testid="camera-capture">
            <Camera className="size-4" />
            {t("camera.capture")}
          </Button>
        )}
    >
      <div className="relative flex aspect-video items-center justify-center overflow-hidden rounded-xl bg-black">
        {photo
          ? (
            <img
              src={photo.url}
              alt={t("camera.preview")}
              className="size-full object-contain"
              data-testid="camera-photo"
            />
          )
          : (
            <video
              ref={video}
              muted
              playsInline
              className="size-full object-contain"
              data-testid="camera-video"
            />
          )}
        {!photo && state === "starting" && <Spinner className="absolute size-6 text-white" />}
        {!photo && state === "error" && (
          <p className="absolute px-6 text-center text-sm text-white" role="alert" data-testid="camera-error">
            {t("camera.denied")}
          </p>
        )}
      </div>
    </Dialog>
  );
}
