/**
 * The program "New program" starts from: small, complete, and built with nothing else (no include),
 * so it runs on the open BIOS at once. The BIOS entry points are the ones every Odyssey² program
 * uses; our open BIOS keeps them where the original has them.
 */
export const NEW_PROGRAM = `; A new Odyssey2 program in 8048 assembly (our assembler reads ASL's dialect).
; Ctrl+Enter builds and runs it. The BIOS shows SELECT GAME first: press a key on the console.
; It writes HELLO in the top left corner once a frame, so a change typed and swapped
; into the running machine (Restart on rebuild off) shows at once.

; BIOS routines and VDC addresses (the same in our open BIOS as in the original)
selectgame  equ 02C3h   ; the SELECT GAME screen, then "jmp start" below
irq         equ 0009h   ; the BIOS's interrupt handlers
vsyncirq    equ 001Ah
soundirq    equ 0044h
gfxoff      equ 011Ch   ; foreground off / on
gfxon       equ 0127h
printchar   equ 03EAh   ; R5 = character, R6 = colour, R3/R4 = x/y, R0 = VDC pointer
waitvsync   equ 0176h   ; returns once the next vertical sync has come
char0       equ 10h     ; the first of the 12 characters in the VDC
white       equ 7 << 1

        cpu     8048
        org     400h
        jmp     selectgame      ; the cartridge's vectors: reset
        jmp     irq             ; external interrupt
        jmp     timer_tick      ; timer
        jmp     vsyncirq        ; vertical sync
        jmp     main            ; after SELECT GAME
        jmp     soundirq        ; sound

timer_tick:
        retr

main:   call    gfxoff
        mov     r0,#char0
        mov     r3,#18h         ; x
        mov     r4,#18h         ; y
        mov     r1,#message & 0FFh
        mov     r2,#5           ; characters to write
write:  mov     a,r1
        movp    a,@a            ; the next character (same page as this code)
        mov     r5,a
        mov     r6,#white
        call    printchar
        inc     r1
        djnz    r2,write
        call    gfxon
done:   call    waitvsync       ; a breakpoint here: click just right of its line number
        jmp     main            ; and write it again, in the vertical blank

message:
        db      1Dh, 12h, 0Eh, 0Eh, 17h ; H E L L O in the character ROM's order
`;
