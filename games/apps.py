from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.contrib.auth.signals import user_logged_in

        from games.apis.owners import guest_games_adopt_on_login

        user_logged_in.connect(guest_games_adopt_on_login, dispatch_uid="games.guest_games_adopt")

        from accounts.leaving import account_data_part_register
        from games.services.leaving import player_data_erase, player_data_export

        account_data_part_register(export=player_data_export, erase=player_data_erase)
